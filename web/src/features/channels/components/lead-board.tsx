import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  isLeadBoardColumn,
  leadBoardColumns,
  type LeadBoardColumn,
  type LeadBoardResponse,
  type LeadCard,
} from '@orbit/functions/channels/contract';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { DeferredMenu } from '../../../shared/ui/deferred';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { avatarColourFor, initialsOf } from '../../../shared/ui/person-avatar';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useLeads, useMoveLead } from '../api/channels';
import { formatWhen, isolate } from '../utils/format';
import { DragIcon, MoveIcon } from '../../../shared/ui/icons';
import { DropPlaceholder } from '../../../shared/ui/drop-placeholder';
import { ChannelTypeIcon, InAppIcon } from './icons';

/** A card as the board shows it; the last activity when the server sends it. */
type BoardLead = LeadCard & { readonly lastActivityAt?: string | null };

/** Where the chat with a lead opens (the chat page keeps the open conversation in `?contact=`). */
export const chatPathOf = (leadId: string): string => `/apps/chat?contact=${encodeURIComponent(leadId)}`;

const stageKey = (stage: LeadBoardColumn) => `channels.leads.stages.${stage}` as const;

/**
 * Arrow keys move a lifted card a whole column at a time (left or right as seen on screen, so
 * right-to-left reads the same way), instead of dnd-kit's default steps of a few pixels.
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, collisionRect, droppableRects, over } = context;
  if (!active || !collisionRect) return undefined;
  const direction = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (direction === 0) return undefined;
  event.preventDefault();
  const columns = [...droppableRects.entries()]
    .filter(([id]) => isLeadBoardColumn(String(id)))
    .sort(([, a], [, b]) => a.left - b.left);
  const currentId = over?.id ?? active.data.current?.status;
  const index = columns.findIndex(([id]) => id === currentId);
  const target = columns[Math.max(0, Math.min(columns.length - 1, index + direction))];
  if (!target) return undefined;
  const [, rect] = target;
  return {
    x: rect.left + rect.width / 2 - collisionRect.width / 2,
    y: rect.top + Math.min(rect.height / 2, 80) - collisionRect.height / 2,
  };
};

const LeadAvatar = ({ lead }: { readonly lead: BoardLead }) => (
  <Avatar
    src={lead.avatar ?? undefined}
    alt=""
    aria-hidden
    sx={{ width: 32, height: 32, fontSize: 13, bgcolor: avatarColourFor(lead.id), color: '#FFFFFF' }}
  >
    {initialsOf(lead.fullName)}
  </Avatar>
);

const MoveMenu = ({ lead, onMove }: { lead: BoardLead; onMove: (stage: LeadBoardColumn) => void }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('channels.leads.moveMenu', { name: isolate(lead.fullName) });
  return (
    <>
      <HintTooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoveIcon fontSize="small" />
        </IconButton>
      </HintTooltip>
      <DeferredMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {leadBoardColumns
          .filter((stage) => stage !== lead.status)
          .map((stage) => (
            <MenuItem
              key={stage}
              onClick={() => {
                setAnchor(null);
                onMove(stage);
              }}
            >
              {t('channels.leads.moveTo', { stage: t(stageKey(stage)) })}
            </MenuItem>
          ))}
      </DeferredMenu>
    </>
  );
};

interface LeadCardViewProps {
  readonly lead: BoardLead;
  readonly onMove?: (stage: LeadBoardColumn) => void;
  readonly handle?: Pick<ReturnType<typeof useDraggable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;
  readonly overlay?: boolean;
}

const LeadCardView = ({ lead, onMove, handle, overlay }: LeadCardViewProps) => {
  const { t, i18n } = useTranslation();
  return (
    <Paper
      variant="outlined"
      data-testid={overlay ? 'lead-card-dragged' : 'lead-card'}
      data-lead-id={lead.id}
      sx={{ p: 1.25, display: 'flex', gap: 1, alignItems: 'flex-start', boxShadow: overlay ? 6 : undefined }}
    >
      <IconButton
        size="small"
        ref={handle?.setActivatorNodeRef}
        {...handle?.attributes}
        {...handle?.listeners}
        aria-label={t('channels.leads.dragHandle', { name: isolate(lead.fullName) })}
        sx={{ cursor: overlay ? 'grabbing' : 'grab', touchAction: 'none', mt: 0.25 }}
        data-testid="lead-drag-handle"
      >
        <DragIcon fontSize="small" />
      </IconButton>
      <LeadAvatar lead={lead} />
      <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link
          component={RouterLink}
          to={chatPathOf(lead.id)}
          underline="hover"
          variant="body2"
          dir="auto"
          aria-label={t('channels.leads.openChat', { name: isolate(lead.fullName) })}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {lead.fullName}
        </Link>
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}
        >
          {lead.channel ? (
            <ChannelTypeIcon type={lead.channel.type} sx={{ fontSize: 16 }} />
          ) : (
            <InAppIcon aria-hidden sx={{ fontSize: 16 }} />
          )}
          <Typography variant="caption" noWrap>
            {lead.channel
              ? t('channels.leads.via', { channel: isolate(lead.channel.name) })
              : t('channels.leads.direct')}
          </Typography>
        </Stack>
        {lead.lastActivityAt ? (
          <Typography variant="caption" color="text.secondary">
            {t('channels.leads.lastActivity', { when: formatWhen(lead.lastActivityAt, i18n.language) })}
          </Typography>
        ) : null}
      </Stack>
      {onMove && !overlay ? <MoveMenu lead={lead} onMove={onMove} /> : null}
    </Paper>
  );
};

const DraggableLead = ({ lead, onMove }: { lead: BoardLead; onMove: (stage: LeadBoardColumn) => void }) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: lead.id,
    data: { status: lead.status },
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), opacity: isDragging ? 0.4 : 1 };
  return (
    <li ref={setNodeRef} style={style}>
      <LeadCardView lead={lead} onMove={onMove} handle={{ attributes, listeners, setActivatorNodeRef }} />
    </li>
  );
};

const Column = ({
  stage,
  count,
  leads,
  onMove,
}: {
  readonly stage: LeadBoardColumn;
  readonly count: number;
  readonly leads: readonly BoardLead[];
  readonly onMove: (lead: BoardLead, stage: LeadBoardColumn) => void;
}) => {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      data-testid="lead-column"
      data-stage={stage}
      variant="outlined"
      sx={{
        width: { xs: 264, sm: 280 },
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.sunken',
        borderColor: isOver ? 'primary.main' : 'divider',
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', px: 1.5, pt: 1.5, pb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          {t(stageKey(stage))}
        </Typography>
        <Chip
          size="small"
          label={count}
          aria-label={t('channels.leads.count', { count })}
          data-testid="lead-count"
          color={stage === 'success' ? 'success' : 'default'}
        />
      </Stack>
      <Stack
        ref={setNodeRef}
        component="ul"
        spacing={1}
        sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1.5, minHeight: 96, flexGrow: 1 }}
      >
        {leads.map((lead) => (
          <DraggableLead key={lead.id} lead={lead} onMove={(target) => onMove(lead, target)} />
        ))}
        {leads.length === 0 ? <DropPlaceholder>{t('channels.leads.dropHere')}</DropPlaceholder> : null}
      </Stack>
    </Paper>
  );
};

const announcementsFor = (t: TFunction, nameOf: (id: UniqueIdentifier) => string): Announcements => {
  const stageName = (id: UniqueIdentifier | undefined) =>
    id !== undefined && isLeadBoardColumn(String(id)) ? t(stageKey(String(id) as LeadBoardColumn)) : undefined;
  return {
    onDragStart: ({ active }) => t('channels.leads.announcements.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => {
      const stage = stageName(over?.id);
      return stage
        ? t('channels.leads.announcements.over', { name: nameOf(active.id), stage })
        : t('channels.leads.announcements.overNothing', { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) => {
      const stage = stageName(over?.id);
      return stage
        ? t('channels.leads.announcements.end', { name: nameOf(active.id), stage })
        : t('channels.leads.announcements.endNothing', { name: nameOf(active.id) });
    },
    onDragCancel: ({ active }) => t('channels.leads.announcements.cancel', { name: nameOf(active.id) }),
  };
};

/**
 * The lead pipeline: a column per lead stage with its count, a card per lead (who, where from, a
 * link to the chat). Leads move by drag and drop (mouse, touch, or keyboard: Space to lift,
 * arrows to change column, Space to drop, Escape to cancel, announced to screen readers) or
 * through a card's "Move to" menu. A move shows at once; a refusal puts the card back and says so.
 */
export const LeadBoard = ({
  onMoved,
  onMoveFailed,
}: {
  readonly onMoved: (name: string, stage: string) => void;
  readonly onMoveFailed: (name: string) => void;
}) => {
  const { t } = useTranslation();
  const leads = useLeads();
  const move = useMoveLead();
  const [activeId, setActiveId] = useState<string | null>(null);
  const board: LeadBoardResponse | undefined = leads.data;
  const byId = useMemo(
    () => new Map((board?.columns ?? []).flatMap((column) => column.leads.map((lead) => [lead.id, lead] as const))),
    [board],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );

  const moveLead = (lead: BoardLead, stage: LeadBoardColumn) => {
    if (lead.status === stage) return;
    move.mutate(
      { leadId: lead.id, status: stage },
      {
        onSuccess: () => onMoved(lead.fullName, t(stageKey(stage))),
        onError: () => onMoveFailed(lead.fullName),
      },
    );
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    const lead = byId.get(String(active.id));
    const stage = over ? String(over.id) : '';
    if (lead && isLeadBoardColumn(stage)) moveLead(lead, stage);
  };

  if (leads.isError) {
    return (
      <LoadFailedAlert actionLabel={t('channels.list.retry')} onAction={() => void leads.refetch()}>
        {t('channels.leads.loadFailed')}
      </LoadFailedAlert>
    );
  }
  if (!board) {
    return (
      <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }} aria-busy="true">
        {leadBoardColumns.map((stage) => (
          <SkeletonBlock key={stage} width={280} height={240} sx={{ flexShrink: 0 }} />
        ))}
      </Box>
    );
  }

  const columnOf = (stage: LeadBoardColumn) => board.columns.find((column) => column.status === stage);
  const activeLead = activeId ? byId.get(activeId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={({ active }) => setActiveId(String(active.id))}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements: announcementsFor(t, (id) => byId.get(String(id))?.fullName ?? ''),
        screenReaderInstructions: { draggable: t('channels.leads.instructions') },
      }}
    >
      <Box
        role="region"
        aria-label={t('channels.leads.label')}
        data-testid="lead-board"
        aria-busy={move.isPending}
        sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 2, alignItems: 'stretch' }}
      >
        {leadBoardColumns.map((stage) => {
          const column = columnOf(stage);
          return (
            <Column
              key={stage}
              stage={stage}
              count={column?.count ?? 0}
              leads={column?.leads ?? []}
              onMove={moveLead}
            />
          );
        })}
      </Box>
      <DragOverlay>{activeLead ? <LeadCardView lead={activeLead} overlay /> : null}</DragOverlay>
    </DndContext>
  );
};
