import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
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
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { allItems, pageSizeOptions, type Permission } from '@orbit/functions/permissions/contract';
import { PageHeader } from '../../shared/ui/page-header';
import { DeferredSnackbar } from '../../shared/ui/deferred';
import { PageTitle } from '../../shared/ui/page-title';
import { usePermissions } from './api/permissions';
import { DeletePermissionDialog } from './components/delete-permission-dialog';
import { AddIcon, DeleteIcon, EditIcon, SearchIcon } from '../../shared/ui/icons';
import { PermissionDialog, type PermissionDialogMode } from './components/permission-dialog';
import { RoleChips } from './components/role-chips';
import { lastPage, readTableState, toListParams, writeTableState, type TableState } from './components/table-state';
import { HintTooltip } from '../../shared/ui/hint-tooltip';

const searchDelayMs = 300;

/** The table state from the URL, and a way to change it (pushes history unless told to replace). */
const useTableState = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readTableState(searchParams);
  const change = (next: Partial<TableState>, options: { replace?: boolean } = {}) =>
    setSearchParams((current) => writeTableState(current, { ...readTableState(current), ...next }), options);
  return [state, change] as const;
};

type Notice = { readonly key: 'created' | 'updated' | 'deleted'; readonly name: string };

/**
 * /apps/permissions (admin): the workspace's permissions with spec §7's search, sort by name and
 * paging, spec §9's page sizes and footer; add, edit and delete through dialogs. The table state
 * is the URL's query, so reload, Back and shared links keep it.
 */
export const PermissionsPage = () => {
  const { t } = useTranslation();
  const [state, change] = useTableState();
  const query = usePermissions(toListParams(state));
  const [dialog, setDialog] = useState<PermissionDialogMode | null>(null);
  const [deleting, setDeleting] = useState<Permission | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // The search box answers every keystroke; the URL (and the request) follow once typing pauses.
  // When the URL's q changes from elsewhere (Back, a link), the box follows it.
  const [draft, setDraft] = useState(state.q);
  const [shownQ, setShownQ] = useState(state.q);
  if (state.q !== shownQ) {
    setShownQ(state.q);
    setDraft(state.q);
  }
  useEffect(() => {
    if (draft === state.q) return undefined;
    const timer = setTimeout(() => change({ q: draft, page: 1 }, { replace: true }), searchDelayMs);
    return () => clearTimeout(timer);
  });

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
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            {t('permissions.add')}
          </Button>
        }
      />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <TextField
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            label={t('permissions.search')}
            size="small"
            sx={{ width: { xs: '100%', sm: 320 } }}
            slotProps={{
              htmlInput: { maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Box sx={{ height: 4 }}>{query.isFetching ? <LinearProgress /> : null}</Box>
        {query.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('permissions.table.retry')}
              </Button>
            }
          >
            {t('permissions.table.loadFailed')}
          </Alert>
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
                <TableCell>{t('permissions.columns.createdDate')}</TableCell>
                <TableCell align="right">{t('permissions.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((permission) => (
                <TableRow key={permission.id} hover data-testid="permission-row">
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {permission.name}
                  </TableCell>
                  <TableCell>
                    <RoleChips roles={permission.assignedTo} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <bdi>{permission.createdDate}</bdi>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <HintTooltip title={t('permissions.rowActions.edit', { name: permission.name })}>
                      <IconButton
                        aria-label={t('permissions.rowActions.edit', { name: permission.name })}
                        onClick={() => setDialog({ kind: 'edit', permission })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </HintTooltip>
                    <HintTooltip title={t('permissions.rowActions.delete', { name: permission.name })}>
                      <IconButton
                        aria-label={t('permissions.rowActions.delete', { name: permission.name })}
                        onClick={() => setDeleting(permission)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </HintTooltip>
                  </TableCell>
                </TableRow>
              ))}
              {query.isSuccess && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
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
      <DeferredSnackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={(_, reason) => (reason === 'clickaway' ? undefined : setNotice(null))}
        message={notice ? t(`permissions.notices.${notice.key}`, { name: notice.name }) : ''}
      />
    </Stack>
  );
};
