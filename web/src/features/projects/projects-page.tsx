import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
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
import { useDebouncedSearch } from '../../shared/hooks/use-debounced-search';
import { useSearchParamState } from '../../shared/hooks/use-search-param-state';
import { useAppAbility } from '../../shared/session/use-session';
import { PageHeader } from '../../shared/ui/page-header';
import { NoticeSnackbar, type Notice } from '../../shared/ui/notice-snackbar';
import { PageTitle } from '../../shared/ui/page-title';
import { useArchiveProject, useProjects, useRestoreProject } from './api/projects';
import { CardsIcon, FolderIcon, TableIcon } from './components/icons';
import { AddIcon, SearchIcon } from '../../shared/ui/icons';
import { hasFilters, readListState, toListParams, writeListState, type ListState } from './utils/list-state';
import { useListPages } from './hooks/use-list-pages';
import { ProjectCard, type ProjectActions } from './components/project-card';
import { PersonFilter } from './components/person-filter';
import { LoadFailedAlert } from '../../shared/ui/action-alerts';
import { CursorPagination } from '../../shared/ui/cursor-pagination';
import { deferredMenuWithItems } from '../../shared/ui/deferred';
import { EmptyState } from '../../shared/ui/empty-state';
import { InlineAlert } from '../../shared/ui/inline-alert';
import { ListSearchField, ListSelect } from '../../shared/ui/list-fields';
import { ListToolbar } from '../../shared/ui/list-toolbar';
import { ProgressBar } from '../../shared/ui/progress-bar';
import { SegmentedControl } from '../../shared/ui/segmented-control';
import { SkeletonBlock } from '../../shared/ui/skeleton-block';
import { TabStrip } from '../../shared/ui/tab-strip';
import { useMenuButton } from '../../shared/ui/use-menu-button';
import { ActionButton } from '../../shared/ui/action-button';

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

/** The "New project" button: a project's type decides its board, so the type comes first. */
const NewProjectButton = ({
  label = 'projects.newProject',
}: {
  label?: 'projects.newProject' | 'projects.list.createFirst';
}) => {
  const { t } = useTranslation();
  const menu = useMenuButton(preloadNewProjectMenu);
  return (
    <>
      <ActionButton variant="contained" startIcon={<AddIcon />} {...menu.buttonProps}>
        {t(label)}
      </ActionButton>
      <NewProjectMenu
        {...menu.menuProps}
        slotProps={{ list: { 'aria-label': t('projects.newProjectMenu') } }}
        items={{ onPick: menu.close }}
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
  const [state, change] = useSearchParamState<ListState>(readListState, writeListState);
  const pages = useListPages();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [state.type, state.clientId].filter(Boolean).length;
  const query = useProjects(toListParams(state, pages.cursor));
  const { refetch } = query;
  const { mutate: archiveProject } = useArchiveProject();
  const { mutate: restoreProject } = useRestoreProject();
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

  const [draft, setDraft] = useDebouncedSearch(state.q, (q) => change({ q }, { replace: true }));

  // One object for as long as what it uses stays the same, so that cards whose project did not
  // change are not drawn again (ProjectCard is memoised).
  const actions = useMemo((): ProjectActions => {
    const reportFailure = (error: unknown) => {
      setNotice({
        severity: 'error',
        text:
          isApiError(error) && error.status === 409
            ? t('projects.view.changedElsewhere')
            : t('projects.errors.generic'),
      });
      void refetch();
    };
    return {
      canManage,
      onArchive: (project: Project) =>
        archiveProject(
          { id: project.id, version: project.version },
          {
            onSuccess: () => setNotice({ severity: 'success', text: t('projects.notices.archived') }),
            onError: reportFailure,
          },
        ),
      onRestore: (project: Project) =>
        restoreProject(
          { id: project.id, version: project.version },
          {
            onSuccess: () => setNotice({ severity: 'success', text: t('projects.notices.restored') }),
            onError: reportFailure,
          },
        ),
    };
  }, [canManage, archiveProject, restoreProject, refetch, t]);

  const data = query.data;
  // The list itself (a page of cards is over a thousand components) is drawn from a deferred copy
  // of the answer: React draws it in slices between which the browser stays responsive, instead
  // of in one long task, and keeps the previous list (or the skeleton) on screen meanwhile.
  const listed = useDeferredValue(data);
  const listedProjects = listed?.projects ?? [];
  const listedCounts = listed?.counts;
  const listedWorkspaceEmpty =
    listedCounts !== undefined && projectStatuses.every((status) => listedCounts[status] === 0);
  const projects = data?.projects ?? [];
  const counts = data?.counts;
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

        <ListToolbar fetching={query.isFetching} fetchingLabel={t('app.loading')}>
          <ListSearchField
            label={t('projects.list.search')}
            placeholder={t('projects.list.searchHint')}
            value={draft}
            onChange={setDraft}
            icon={<SearchIcon fontSize="small" />}
            maxLength={100}
            sx={{ minWidth: { md: 260 }, flexGrow: 1 }}
          />
          {/* On phones the other filters wait behind a button, so the list starts on the first screen. */}
          <ActionButton
            variant="outlined"
            aria-expanded={filtersOpen}
            aria-controls="project-filters"
            onClick={() => setFiltersOpen((open) => !open)}
            sx={{ display: { xs: 'inline-flex', sm: 'none' }, alignSelf: 'flex-start' }}
          >
            {activeFilters > 0
              ? t('projects.list.filtersActive', { active: activeFilters })
              : t('projects.list.filters')}
          </ActionButton>
          <Box
            id="project-filters"
            sx={{
              display: { xs: filtersOpen ? 'flex' : 'none', sm: 'contents' },
              flexDirection: 'column',
              gap: 2,
            }}
          >
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
          </Box>
        </ListToolbar>
      </Paper>

      {query.isError ? (
        <LoadFailedAlert actionLabel={t('projects.list.retry')} onAction={() => void query.refetch()}>
          {t('projects.list.loadFailed')}
        </LoadFailedAlert>
      ) : null}

      {listed === undefined && !query.isError ? (
        <Box sx={cardGrid} aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <SkeletonBlock key={index} height={220} />
          ))}
        </Box>
      ) : listedProjects.length === 0 && !query.isError ? (
        listedWorkspaceEmpty && !hasFilters(state) ? (
          <EmptyState
            testId="projects-empty"
            icon={<FolderIcon color="disabled" sx={{ fontSize: 56 }} />}
            title={t('projects.list.emptyTitle')}
            description={canManage ? t('projects.list.emptyAdmin') : t('projects.list.emptyClient')}
            action={canManage ? <NewProjectButton label="projects.list.createFirst" /> : null}
          />
        ) : (
          <EmptyState
            testId="projects-empty"
            icon={<FolderIcon color="disabled" sx={{ fontSize: 56 }} />}
            title={t('projects.list.noMatch')}
            action={
              hasFilters(state) ? (
                <ActionButton
                  variant="outlined"
                  onClick={() => {
                    setDraft('');
                    change({ q: '', status: null, type: null, clientId: null });
                  }}
                >
                  {t('projects.list.clearFilters')}
                </ActionButton>
              ) : null
            }
          />
        )
      ) : state.view === 'table' ? (
        <Paper variant="outlined">
          <Suspense fallback={<ProgressBar aria-label={t('app.loading')} />}>
            <ProjectsTable
              projects={listedProjects}
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
          {listedProjects.map((project) => (
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
        <CursorPagination
          label={t('projects.list.pagination')}
          pageSize={
            <ListSelect
              label={t('projects.list.perPage')}
              value={String(state.limit)}
              options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
              onChange={(value) => change({ limit: Number(value) })}
              sx={{ minWidth: 110 }}
            />
          }
          range={
            projects.length === 0
              ? null
              : data?.total !== null && data?.total !== undefined
                ? t('projects.list.range', { from: firstItem, to: lastItem, count: data.total })
                : t('projects.list.rangeOpen', { from: firstItem, to: lastItem })
          }
          previousLabel={t('projects.list.previous')}
          nextLabel={t('projects.list.next')}
          hasPrevious={pages.index > 0}
          hasNext={Boolean(data?.nextCursor) && !query.isPlaceholderData}
          onPrevious={pages.previous}
          onNext={() => {
            if (data?.nextCursor) pages.next(data.nextCursor);
          }}
        />
      ) : null}

      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
