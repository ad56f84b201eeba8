import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allItems, pageSizeOptions, type Permission } from '@orbit/functions/permissions/contract';
import { useDebouncedSearch } from '../../shared/hooks/use-debounced-search';
import { useSearchParamState } from '../../shared/hooks/use-search-param-state';
import { LoadFailedAlert } from '../../shared/ui/action-alerts';
import { ListSearchField } from '../../shared/ui/list-fields';
import { ListToolbar } from '../../shared/ui/list-toolbar';
import { PageHeader } from '../../shared/ui/page-header';
import { NoticeSnackbar } from '../../shared/ui/notice-snackbar';
import { PageTitle } from '../../shared/ui/page-title';
import { usePermissions } from './api/permissions';
import { DeletePermissionDialog } from './components/delete-permission-dialog';
import { AddIcon, DeleteIcon, EditIcon, SearchIcon } from '../../shared/ui/icons';
import { PermissionDialog, type PermissionDialogMode } from './components/permission-dialog';
import { formatPermissionDate, parsePermissionDate } from './components/permission-date';
import { RoleChips } from './components/role-chips';
import { RuleSummary } from './components/rule-summary';
import { useAppAbility } from '../../shared/session/use-session';
import { lastPage, readTableState, toListParams, writeTableState, type TableState } from './utils/table-state';
import { HintTooltip } from '../../shared/ui/hint-tooltip';

/** Sticks to the end edge, on the row's own background, so the actions never scroll out of reach. */
const actionsCellSx = {
  whiteSpace: 'nowrap',
  position: 'sticky',
  insetInlineEnd: 0,
  bgcolor: 'background.paper',
  // The row's hover tint, over the paper (the tint alone is see-through).
  '.MuiTableRow-hover:hover > &': {
    backgroundImage: 'linear-gradient(var(--mui-palette-action-hover), var(--mui-palette-action-hover))',
  },
} as const;

type Notice = { readonly key: 'created' | 'updated' | 'deleted'; readonly name: string };

/**
 * /apps/permissions (read Permission): the workspace's permissions and their rules, with the search, sort by name and paging of
 * docs/product.md#calls, the page sizes and footer of docs/product.md#constants; add, edit and delete through
 * dialogs. The table state is the URL's query, so reload, Back and shared links keep it.
 */
export const PermissionsPage = () => {
  const { t, i18n } = useTranslation();
  // What the user may do here follows their rules (and changes live with them: docs/roles.md).
  const ability = useAppAbility();
  const canCreate = ability.can('create', 'Permission');
  const canUpdate = ability.can('update', 'Permission');
  const canDelete = ability.can('delete', 'Permission');
  const [state, change] = useSearchParamState<TableState>(readTableState, writeTableState);
  const query = usePermissions(toListParams(state));
  const [dialog, setDialog] = useState<PermissionDialogMode | null>(null);
  const [deleting, setDeleting] = useState<Permission | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const [draft, setDraft] = useDebouncedSearch(state.q, (q) => change({ q, page: 1 }, { replace: true }));

  // A page left empty by a deletion or a narrower search moves back to the last page with rows.
  const total = query.data?.totalPermissions;
  useEffect(() => {
    if (total === undefined || query.isPlaceholderData) return;
    const last = lastPage(total, state.itemsPerPage);
    if (state.page > last) change({ page: last }, { replace: true });
  });

  const rows = query.data?.permissions ?? [];
  const sortedByName = state.sortBy === 'name';
  const toggleSort = () =>
    change(
      !sortedByName
        ? { sortBy: 'name', orderBy: 'asc', page: 1 }
        : state.orderBy === 'asc'
          ? { sortBy: 'name', orderBy: 'desc', page: 1 }
          : { sortBy: null, orderBy: 'asc', page: 1 },
    );

  const sizeOptions = pageSizeOptions.map((size) =>
    size === allItems ? { label: t('permissions.table.all'), value: allItems } : size,
  );
  const count = total ?? 0;
  const zeroBasedPage = Math.min(state.page, lastPage(count, state.itemsPerPage)) - 1;

  return (
    <Stack component="section" aria-labelledby="page-heading" spacing={3}>
      <PageTitle title={t('permissions.title')} />
      <PageHeader
        headingId="page-heading"
        title={t('permissions.title')}
        subtitle={t('permissions.subtitle')}
        action={
          canCreate ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
              {t('permissions.add')}
            </Button>
          ) : null
        }
      />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ListToolbar fetching={query.isFetching} fetchingLabel={t('app.loading')}>
          <ListSearchField
            label={t('permissions.search')}
            value={draft}
            onChange={setDraft}
            icon={<SearchIcon fontSize="small" />}
            maxLength={100}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </ListToolbar>
        {query.isError ? (
          <Box sx={{ m: 2 }}>
            <LoadFailedAlert actionLabel={t('permissions.table.retry')} onAction={() => void query.refetch()}>
              {t('permissions.table.loadFailed')}
            </LoadFailedAlert>
          </Box>
        ) : null}
        <TableContainer>
          <Table aria-label={t('permissions.table.label')} aria-busy={query.isFetching}>
            <TableHead>
              <TableRow>
                <TableCell
                  sortDirection={sortedByName ? state.orderBy : false}
                  aria-sort={sortedByName ? (state.orderBy === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <TableSortLabel
                    active={sortedByName}
                    direction={sortedByName ? state.orderBy : 'asc'}
                    onClick={toggleSort}
                  >
                    {t('permissions.columns.name')}
                  </TableSortLabel>
                </TableCell>
                <TableCell>{t('permissions.columns.assignedTo')}</TableCell>
                <TableCell>{t('permissions.columns.rules')}</TableCell>
                <TableCell>{t('permissions.columns.createdDate')}</TableCell>
                <TableCell align="right" sx={actionsCellSx}>
                  {t('permissions.columns.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((permission) => (
                <TableRow key={permission.id} hover data-testid="permission-row">
                  {/* A long name wraps (even without spaces) instead of pushing the actions away. */}
                  <TableCell
                    component="th"
                    scope="row"
                    dir="auto"
                    sx={{ fontWeight: 500, minWidth: 160, maxWidth: 320, overflowWrap: 'anywhere' }}
                  >
                    {permission.name}
                  </TableCell>
                  <TableCell>
                    <RoleChips roles={permission.assignedTo} />
                  </TableCell>
                  <TableCell>
                    <RuleSummary rules={permission.rules} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={parsePermissionDate(permission.createdDate)?.toISOString()}>
                      <bdi>{formatPermissionDate(permission.createdDate, i18n.language)}</bdi>
                    </time>
                  </TableCell>
                  {/* The actions stay in view at the row's end while the table scrolls sideways (phones). */}
                  <TableCell align="right" sx={actionsCellSx}>
                    {canUpdate ? (
                      <HintTooltip title={t('permissions.rowActions.edit', { name: permission.name })}>
                        <IconButton
                          aria-label={t('permissions.rowActions.edit', { name: permission.name })}
                          onClick={() => setDialog({ kind: 'edit', permission })}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </HintTooltip>
                    ) : null}
                    {canDelete ? (
                      <HintTooltip title={t('permissions.rowActions.delete', { name: permission.name })}>
                        <IconButton
                          aria-label={t('permissions.rowActions.delete', { name: permission.name })}
                          onClick={() => setDeleting(permission)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </HintTooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {query.isSuccess && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                    {state.q ? t('permissions.table.noMatch', { q: state.q }) : t('permissions.table.empty')}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={count}
          page={Math.max(0, zeroBasedPage)}
          rowsPerPage={state.itemsPerPage}
          rowsPerPageOptions={sizeOptions}
          onPageChange={(_, page) => change({ page: page + 1 })}
          onRowsPerPageChange={(event) => change({ itemsPerPage: Number(event.target.value), page: 1 })}
          labelRowsPerPage={t('permissions.table.itemsPerPage')}
          labelDisplayedRows={({ from, to, count: of }) =>
            t('permissions.table.displayedRows', { from, to, count: of })
          }
          getItemAriaLabel={(type) =>
            t(
              type === 'first'
                ? 'permissions.table.firstPage'
                : type === 'last'
                  ? 'permissions.table.lastPage'
                  : type === 'next'
                    ? 'permissions.table.nextPage'
                    : 'permissions.table.previousPage',
            )
          }
          showFirstButton
          showLastButton
        />
      </Paper>

      {dialog ? (
        <PermissionDialog
          key={dialog.kind === 'edit' ? dialog.permission.id : 'create'}
          mode={dialog}
          onClose={() => setDialog(null)}
          onSaved={(permission, kind) => {
            setDialog(null);
            setNotice({ key: kind === 'create' ? 'created' : 'updated', name: permission.name });
          }}
        />
      ) : null}
      {deleting ? (
        <DeletePermissionDialog
          permission={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(permission) => {
            setDeleting(null);
            setNotice({ key: 'deleted', name: permission.name });
          }}
        />
      ) : null}
      {/* The same notice as every page's (shared/ui/notice-snackbar): one look for "done". */}
      <NoticeSnackbar
        notice={
          notice ? { severity: 'success', text: t(`permissions.notices.${notice.key}`, { name: notice.name }) } : null
        }
        onClose={() => setNotice(null)}
      />
    </Stack>
  );
};
