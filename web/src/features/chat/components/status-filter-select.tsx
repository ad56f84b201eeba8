import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { chatContactStatuses, presenceStatuses, type ChatContactStatus } from '@orbit/functions/chat/contract';
import { isLeadStage } from '../utils/status';

const leadStages = chatContactStatuses.filter((status) => isLeadStage(status));

/** The status filter's groups, each under its heading. */
const statusGroups = [
  { heading: 'chat.filter.presence', statuses: presenceStatuses },
  { heading: 'chat.filter.leadStages', statuses: leadStages },
] as const;

export interface StatusFilterSelectProps {
  readonly statuses: readonly ChatContactStatus[];
  readonly onStatuses: (statuses: ChatContactStatus[]) => void;
  /** What the field shows: the chosen statuses, or all. */
  readonly valueText: string;
  /** Swapped in for the stand-in (status-filter.tsx): focused, and open when it was clicked. */
  readonly autoFocus?: boolean;
  readonly defaultOpen?: boolean;
}

/** MUI's multiple Select with a checkbox per status, grouped under presence and lead stages. */
export const StatusFilterSelect = ({
  statuses,
  onStatuses,
  valueText,
  autoFocus,
  defaultOpen,
}: StatusFilterSelectProps) => {
  const { t } = useTranslation();
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id="chat-status-filter-label" shrink>
        {t('chat.filter.label')}
      </InputLabel>
      <Select<ChatContactStatus[]>
        labelId="chat-status-filter-label"
        label={t('chat.filter.label')}
        multiple
        displayEmpty
        notched
        autoFocus={autoFocus}
        defaultOpen={defaultOpen}
        value={[...statuses]}
        onChange={(event) => {
          const value = event.target.value;
          onStatuses((typeof value === 'string' ? value.split(',') : value) as ChatContactStatus[]);
        }}
        renderValue={() => valueText}
      >
        {/* Select reads its options from its direct children: a flat list, not fragments. */}
        {statusGroups.flatMap((group) => [
          <ListSubheader key={group.heading}>{t(group.heading)}</ListSubheader>,
          ...group.statuses.map((status) => (
            <MenuItem key={status} value={status} dense>
              <Checkbox size="small" checked={statuses.includes(status)} sx={{ p: 0.5, marginInlineEnd: 1 }} />
              {t(`chat.statuses.${status}`)}
            </MenuItem>
          )),
        ])}
      </Select>
    </FormControl>
  );
};
