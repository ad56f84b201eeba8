import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ListSort, Project, SortOrder } from '@orbit/functions/projects/contract';
import { ProjectMenu, type ProjectActions } from './project-card';
import { DueBadge, StatusChip, TypeChip } from './project-chips';
import { formatDateTime, isFinishedStatus } from '../utils/project-meta';
import { projectPath } from '../utils/paths';

interface ProjectsTableProps {
  readonly projects: readonly Project[];
  readonly sort: ListSort;
  readonly order: SortOrder;
  readonly onSort: (sort: ListSort) => void;
  readonly actions: ProjectActions;
  readonly busy: boolean;
}

/** The table view: the same projects as the cards, sortable by the columns the API sorts by. */
export const ProjectsTable = ({ projects, sort, order, onSort, actions, busy }: ProjectsTableProps) => {
  const { t, i18n } = useTranslation();
  const sortable = (column: ListSort, label: string) => (
    <TableCell
      sortDirection={sort === column ? order : false}
      aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <TableSortLabel
        active={sort === column}
        direction={sort === column ? order : 'asc'}
        onClick={() => onSort(column)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <TableContainer>
      <Table aria-label={t('projects.title')} aria-busy={busy} size="small">
        <TableHead>
          <TableRow>
            {sortable('name', t('projects.list.columns.name'))}
            <TableCell>{t('projects.list.columns.client')}</TableCell>
            <TableCell>{t('projects.list.columns.type')}</TableCell>
            <TableCell>{t('projects.list.columns.status')}</TableCell>
            <TableCell sx={{ minWidth: 140 }}>{t('projects.list.columns.progress')}</TableCell>
            {sortable('due', t('projects.list.columns.due'))}
            {sortable('updated', t('projects.list.columns.updated'))}
            {actions.canManage ? <TableCell aria-label={t('projects.view.more')} /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {projects.map((project) => (
            <TableRow key={project.id} hover data-testid="project-row">
              <TableCell component="th" scope="row">
                <Link
                  component={RouterLink}
                  to={projectPath(project.id)}
                  underline="hover"
                  dir="auto"
                  sx={{ fontWeight: 600 }}
                >
                  {project.name}
                </Link>
              </TableCell>
              <TableCell>
                <bdi>{project.clientName}</bdi>
              </TableCell>
              <TableCell>
                <TypeChip type={project.type} />
              </TableCell>
              <TableCell>
                <StatusChip status={project.status} />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <LinearProgress
                    variant="determinate"
                    value={project.progress}
                    aria-label={t('projects.list.columns.progress')}
                    sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
                  />
                  <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'end' }}>
                    {t('projects.card.progressValue', { progress: project.progress })}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DueBadge dueDate={project.dueDate} finished={isFinishedStatus(project.status)} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(project.updatedAt, i18n.language)}</TableCell>
              {actions.canManage ? (
                <TableCell align="right">
                  <ProjectMenu project={project} actions={actions} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
