import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatContactStatus } from '@orbit/functions/chat/contract';
import { pathIcon } from '../../../shared/ui/icons';
import { OutlinedFieldFrame } from '../../../shared/ui/list-fields';

const loadSelect = () => import('./status-filter-select');
const StatusFilterSelect = lazy(async () => ({ default: (await loadSelect()).StatusFilterSelect }));

const CaretIcon = pathIcon('M7 10l5 5 5-5z', 'ArrowDropDownIcon');

export interface StatusFilterProps {
  readonly statuses: readonly ChatContactStatus[];
  readonly onStatuses: (statuses: ChatContactStatus[]) => void;
}

/**
 * The contact list's status filter (docs/product.md#calls `statusFilter`): MUI's multiple Select
 * with its menu, which downloads when someone reaches for the field (pointing at it starts the
 * download; a click, a tap or focus swaps it in, focused, and a click or tap also opens it), not
 * with the chat every visit opens: the Select brings MUI's whole menu and input machinery. Until
 * then a button in the same outlined frame shows the same label and value, and is a combobox of
 * the same name.
 */
export const StatusFilter = ({ statuses, onStatuses }: StatusFilterProps) => {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const [opened, setOpened] = useState(false);
  const id = useId();
  const valueText =
    statuses.length === 0 ? t('chat.filter.all') : statuses.map((status) => t(`chat.statuses.${status}`)).join(', ');
  const open = () => {
    setOpened(true);
    setActive(true);
  };
  const standIn = (
    <OutlinedFieldFrame
      id={id}
      label={t('chat.filter.label')}
      end={<CaretIcon className="field-caret" />}
      sx={{ width: '100%' }}
    >
      <button
        id={id}
        type="button"
        className="field-control"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        onPointerEnter={() => void loadSelect()}
        onPointerDown={open}
        onClick={open}
        onFocus={() => setActive(true)}
      >
        {valueText}
      </button>
    </OutlinedFieldFrame>
  );
  if (!active) return standIn;
  return (
    <Suspense fallback={standIn}>
      <StatusFilterSelect
        statuses={statuses}
        onStatuses={onStatuses}
        valueText={valueText}
        autoFocus
        defaultOpen={opened}
      />
    </Suspense>
  );
};
