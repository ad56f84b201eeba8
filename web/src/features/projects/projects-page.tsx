import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  defaultListStatuses,
  defaultOrderFor,
  listSorts,
  pageSizes,
  projectStatuses,
  projectTypes,
  type ListSort,
  type Project,
  type ProjectStatus,
  type ProjectType,
  type StatusCounts,
} from '@orbit/functions/projects/contract';
import { isApiError } from '../../shared/api/api-error';
import { useAppAbility } from '../../shared/session/use-session';
import { PageHeader } from '../../shared/ui/page-header';
import { NoticeSnackbar, type Notice } from '../../shared/ui/notice-snackbar';
import { PageTitle } from '../../shared/ui/page-title';
import { useArchiveProject, useProjects, useRestoreProject } from './api/projects';
import { CardsIcon, FolderIcon, TableIcon } from './components/icons';
import { AddIcon, SearchIcon } from '../../shared/ui/icons';
import {
  hasFilters,
  queryIdentity,
  readListState,
  toListParams,
  writeListState,
  type ListState,
} from './components/list-state';
import { ProjectCard, type ProjectActions } from './components/project-card';
import { PersonFilter } from './components/person-filter';
import { deferredMenuWithItems } from '../../shared/ui/deferred';
import { InlineAlert } from '../../shared/ui/inline-alert';
import { ListSearchField, ListSelect } from '../../shared/ui/list-fields';
import { ProgressBar } from '../../shared/ui/progress-bar';
import { SegmentedControl } from '../../shared/ui/segmented-control';
import { SkeletonBlock } from '../../shared/ui/skeleton-block';
import { TabStrip } from '../../shared/ui/tab-strip';

const searchDelayMs = 300;

/** The cards' grid: one column on phones, two on tablets, three from large screens on. */
const cardGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: 2,
} as const;

// Cards are the default view; the table's code loads when someone switches to it.
const ProjectsTable = lazy(async () => ({ default: (await import('./components/projects-table')).ProjectsTable }));

/** The "New project" menu; its items load with it (shared/ui/deferred.tsx). */
const { MenuWithItems: NewProjectMenu, preload: preloadNewProjectMenu } = deferredMenuWithItems(
  async () => (await import('./components/menu-items')).NewProjectMenuItems,
);

const useListState = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readListState(searchParams);
  const change = (next: Partial<ListState>, options: { replace?: boolean } = {}) =>
    setSearchParams((current) => writeListState(current, { ...readListState(current), ...next }), options);
  return [state, change] as const;
};

/** Page positions for one result set: cursors[i] opens page i (page 0 needs none). */
const usePages = (identity: string) => {
  const [pages, setPages] = useState<{ identity: string; cursors: (string | undefined)[]; index: number }>({
    identity,
    cursors: [undefined],
    index: 0,
  });
  const current = pages.identity === identity ? pages : { identity, cursors: [undefined], index: 0 };
  return {
    index: current.index,
    cursor: current.cursors[current.index],
    next: (cursor: string) =>
      setPages({
        identity,
        cursors: [...current.cursors.slice(0, current.index + 1), cursor],
        index: current.index + 1,
      }),
    previous: () => setPages({ ...current, index: Math.max(0, current.index - 1) }),
  };
};

/** The "New project" button: a project's type decides its board, so the type comes first. */
const NewProjectButton = ({
  label = 'projects.newProject',
}: {
  label?: 'projects.newProject' | 'projects.list.createFirst';
}) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={preloadNewProjectMenu}
        onFocus={preloadNewProjectMenu}
        onClick={(event) => {
          preloadNewProjectMenu();
          setAnchor(event.currentTarget);
        }}
      >
        {t(label)}
      </Button>
      <NewProjectMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('projects.newProjectMenu') } }}
        items={{ onPick: () => setAnchor(null) }}
      />
    </>
  );
};

const openCount = (counts: StatusCounts | undefined) =>
  counts ? defaultListStatuses.reduce((sum, status) => sum + counts[status], 0) : undefined;

/**
 * /apps/projects: everyone's landing page. Admins see the workspace, clients their own projects
 * (the API decides). Cards or a table, search, status tabs with counts, type and client filters,
 * sort, page size and cursor pages; filters live in the URL.
 */
export const ProjectsPage = () => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const canManage = ability.can('create', 'Project');
  const location = useLocation();
  const navigate = useNavigate();
  const [state, change] = useListState();
  const pages = usePages(queryIdentity(state));
  const query = useProjects(toListParams(state, pages.cursor));
  const archive = useArchiveProject();
  const restore = useRestoreProject();
  const [notice, setNotice] = useState<Notice | null>(
    (location.state as { notice?: string } | null)?.notice
      ? { severity: 'success', text: (location.state as { notice: string }).notice }
      : null,
  );

  // A notice handed over by another page shows once; Back must not bring it again.
  useEffect(() => {
    if ((location.state as { notice?: string } | null)?.notice) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location.state, location.pathname, location.search, navigate]);

  const [draft, setDraft] = useState(state.q);
  const [shownQ, setShownQ] = useState(state.q);
  if (state.q !== shownQ) {
    setShownQ(state.q);
    setDraft(state.q);
  }
  useEffect(() => {
    if (draft === state.q) return undefined;
    const timer = setTimeout(() => change({ q: draft }, { replace: true }), searchDelayMs);
    return () => clearTimeout(timer);
  });

  const reportFailure = (error: unknown) =>
    setNotice({
      severity: 'error',
      text:
        isApiError(error) && error.status === 409 ? t('projects.view.changedElsewhere') : t('projects.errors.generic'),
    });

  const actions: ProjectActions = {
    canManage,
    onArchive: (project: Project) =>
      archive.mutate(
        { id: project.id, version: project.version },
        {
          onSuccess: () => setNotice({ severity: 'success', text: t('projects.notices.archived') }),
          onError: (error) => {
            reportFailure(error);
            void query.refetch();
          },
        },
      ),
    onRestore: (project: Project) =>
      restore.mutate(
        { id: project.id, version: project.version },
        {
          onSuccess: () => setNotice({ severity: 'success', text: t('projects.notices.restored') }),
          onError: (error) => {
            reportFailure(error);
            void query.refetch();
          },
        },
      ),
  };

  const data = query.data;
  const projects = data?.projects ?? [];
  const counts = data?.counts;
  const workspaceEmpty = counts !== undefined && projectStatuses.every((status) => counts[status] === 0);
  const firstItem = pages.index * state.limit + 1;
  const lastItem = pages.index * state.limit + projects.length;

  const changeSort = (sort: ListSort) =>
    change(
      sort === state.sort ? { order: state.order === 'asc' ? 'desc' : 'asc' } : { sort, order: defaultOrderFor[sort] },
    );

  const statusTab = state.status ?? 'open';
  const tabLabel = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

  return (
    <Stack component="section" aria-labelledby="projects-heading" spacing={3}>
      <PageTitle title={t('projects.title')} />
      <PageHeader
        headingId="projects-heading"
        title={t('projects.title')}
        subtitle={canManage ? t('projects.subtitle') : t('projects.clientSubtitle')}
        action={canManage ? <NewProjectButton /> : null}
      />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <TabStrip<ProjectStatus | 'open'>
          value={statusTab}
          onChange={(value) => change({ status: value === 'open' ? null : value })}
          aria-label={t('projects.list.statusTabs')}
          items={[
            { value: 'open', label: tabLabel(t('projects.list.allStatuses'), openCount(counts)) },
            ...projectStatuses.map((status) => ({
              value: status,
              label: tabLabel(t(`projects.statuses.${status}`), counts?.[status]),
            })),
          ]}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        />

        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ p: 2, flexWrap: 'wrap' }}>
          <ListSearchField
            label={t('projects.list.search')}
            placeholder={t('projects.list.searchHint')}
            value={draft}
            onChange={setDraft}
            icon={<SearchIcon fontSize="small" />}
            maxLength={100}
            sx={{ minWidth: { md: 260 }, flexGrow: 1 }}
          />
          <ListSelect
            label={t('projects.list.type')}
            value={state.type ?? ''}
            options={[
              { value: '', label: t('projects.list.anyType') },
              ...projectTypes.map((type) => ({ value: type, label: t(`projects.types.${type}`) })),
            ]}
            onChange={(type) => change({ type: (type || null) as ProjectType | null })}
            sx={{ minWidth: 150 }}
          />
          {canManage ? (
            <Box sx={{ minWidth: 220 }}>
              <PersonFilter
                role="client"
                size="small"
                label={t('projects.list.client')}
                value={
                  state.clientId
                    ? {
                        id: state.clientId,
                        fullName: projects.find((project) => project.clientId === state.clientId)?.clientName ?? '…',
                      }
                    : null
                }
                onChange={(person) => change({ clientId: person?.id ?? null })}
              />
            </Box>
          ) : null}
          <ListSelect
            label={t('projects.list.sort')}
            value={state.sort}
            options={listSorts.map((sort) => ({ value: sort, label: t(`projects.list.sorts.${sort}`) }))}
            onChange={(value) => {
              const sort = value as ListSort;
              change({ sort, order: defaultOrderFor[sort] });
            }}
            sx={{ minWidth: 170 }}
          />
          <SegmentedControl
            label={t('projects.list.order')}
            value={state.order}
            onChange={(order) => change({ order })}
            options={[
              { value: 'asc', label: t('projects.list.ascending') },
              { value: 'desc', label: t('projects.list.descending') },
            ]}
          />
          <SegmentedControl
            label={t('projects.list.view')}
            value={state.view}
            onChange={(view) => change({ view }, { replace: true })}
            options={[
              { value: 'cards', label: t('projects.list.cards'), icon: <CardsIcon fontSize="small" /> },
              { value: 'table', label: t('projects.list.table'), icon: <TableIcon fontSize="small" /> },
            ]}
          />
        </Stack>
        <Box sx={{ height: 4 }}>{query.isFetching ? <ProgressBar aria-label={t('app.loading')} /> : null}</Box>
      </Paper>

      {query.isError ? (
        <InlineAlert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('projects.list.retry')}
            </Button>
          }
        >
          {t('projects.list.loadFailed')}
        </InlineAlert>
      ) : null}

      {query.isPending ? (
        <Box sx={cardGrid} aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <SkeletonBlock key={index} height={220} />
          ))}
        </Box>
      ) : projects.length === 0 && !query.isError ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="projects-empty">
          <FolderIcon color="disabled" sx={{ fontSize: 56 }} />
          {workspaceEmpty && !hasFilters(state) ? (
            <>
              <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                {t('projects.list.emptyTitle')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {canManage ? t('projects.list.emptyAdmin') : t('projects.list.emptyClient')}
              </Typography>
              {canManage ? <NewProjectButton label="projects.list.createFirst" /> : null}
            </>
          ) : (
            <>
              <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 2 }}>
                {t('projects.list.noMatch')}
              </Typography>
              {hasFilters(state) ? (
                <Button
                  variant="outlined"
                  onClick={() => {
                    setDraft('');
                    change({ q: '', status: null, type: null, clientId: null });
                  }}
                >
                  {t('projects.list.clearFilters')}
                </Button>
              ) : null}
            </>
          )}
        </Paper>
      ) : state.view === 'table' ? (
        <Paper variant="outlined">
          <Suspense fallback={<ProgressBar aria-label={t('app.loading')} />}>
            <ProjectsTable
              projects={projects}
              sort={state.sort}
              order={state.order}
              onSort={changeSort}
              actions={actions}
              busy={query.isFetching}
            />
          </Suspense>
        </Paper>
      ) : (
        <Box component="ul" sx={{ ...cardGrid, listStyle: 'none', p: 0, m: 0 }} aria-busy={query.isFetching}>
          {projects.map((project) => (
            <Box key={project.id} component="li" sx={{ minWidth: 0 }}>
              <ProjectCard project={project} actions={actions} />
            </Box>
          ))}
        </Box>
      )}

      {data && data.total === null && data.nextCursor && projects.length < state.limit ? (
        <InlineAlert severity="info">{t('projects.list.partial')}</InlineAlert>
      ) : null}

      {projects.length > 0 || pages.index > 0 ? (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
          component="nav"
          aria-label={t('projects.list.pagination')}
        >
          <ListSelect
            label={t('projects.list.perPage')}
            value={String(state.limit)}
            options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
            onChange={(value) => change({ limit: Number(value) })}
            sx={{ minWidth: 110 }}
          />
          <Typography variant="body2" aria-live="polite">
            {projects.length === 0
              ? null
              : data?.total !== null && data?.total !== undefined
                ? t('projects.list.range', { from: firstItem, to: lastItem, count: data.total })
                : t('projects.list.rangeOpen', { from: firstItem, to: lastItem })}
          </Typography>
          <IconButton
            aria-label={t('projects.list.previous')}
            disabled={pages.index === 0}
            onClick={pages.previous}
            sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
          >
            <Box component="span" aria-hidden sx={{ fontSize: 20, lineHeight: 1 }}>
              ‹
            </Box>
          </IconButton>
          <IconButton
            aria-label={t('projects.list.next')}
            disabled={!data?.nextCursor || query.isPlaceholderData}
            onClick={() => {
              if (data?.nextCursor) pages.next(data.nextCursor);
            }}
            sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
          >
            <Box component="span" aria-hidden sx={{ fontSize: 20, lineHeight: 1 }}>
              ›
            </Box>
          </IconButton>
        </Stack>
      ) : null}

      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
