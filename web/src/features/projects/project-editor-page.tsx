import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { projectTypes, type ProjectType } from '@orbit/functions/projects/contract';
import { isApiError } from '../../shared/api/api-error';
import { PageTitle } from '../../shared/ui/page-title';
import { useCreateProject, useProject, useUpdateProject } from './api/projects';
import { BackIcon } from './components/icons';
import { ProjectForm } from './components/project-form';
import { createProjectPath, editProjectPath, projectPath, projectsListPath } from './utils/paths';

const isProjectType = (value: string | undefined): value is ProjectType =>
  (projectTypes as readonly string[]).includes(value ?? '');

const BackLink = ({ to, label }: { to: string; label: string }) => (
  <Link
    component={RouterLink}
    to={to}
    underline="hover"
    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
  >
    <BackIcon fontSize="small" sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
    {label}
  </Link>
);

const CreateProject = ({ type }: { type: ProjectType }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const title = t('project.form.createTitle', { type: t(`projects.types.${type}`) });
  return (
    <Stack spacing={3} component="section" aria-labelledby="editor-heading" sx={{ maxWidth: 960 }}>
      <PageTitle title={title} />
      <BackLink to={projectsListPath} label={t('projects.view.back')} />
      <Typography id="editor-heading" variant="h4" component="h1">
        {title}
      </Typography>
      <ProjectForm
        key={type}
        type={type}
        submitLabel={t('project.form.create')}
        onCancel={() => void navigate(projectsListPath)}
        onSubmit={async (values) => {
          const { project } = await create.mutateAsync({ type, ...values });
          return { to: projectPath(project.id), notice: t('projects.notices.created', { name: project.name }) };
        }}
      />
    </Stack>
  );
};

const EditProject = ({ type, id }: { type: ProjectType; id: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useProject(id);
  const update = useUpdateProject();
  const title = t('project.form.editTitle');

  if (query.isPending) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Skeleton variant="text" width={280} height={48} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 403);
    return (
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <PageTitle title={title} />
        <Alert severity={missing ? 'warning' : 'error'}>
          {missing ? t('project.form.notFound') : t('projects.view.loadFailed')}
        </Alert>
        <BackLink to={projectsListPath} label={t('projects.view.back')} />
      </Stack>
    );
  }
  const project = query.data.project;
  // The URL's type is the project's own: a mistyped one goes to the right address.
  if (project.type !== type) return <Navigate replace to={editProjectPath(project)} />;
  if (project.status === 'archived') {
    return (
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <PageTitle title={title} />
        <Typography variant="h4" component="h1">
          {project.name}
        </Typography>
        <Alert severity="info">{t('project.form.archived')}</Alert>
        <BackLink to={projectPath(project.id)} label={project.name} />
      </Stack>
    );
  }

  return (
    <Stack spacing={3} component="section" aria-labelledby="editor-heading" sx={{ maxWidth: 960 }}>
      <PageTitle title={`${title} · ${project.name}`} />
      <BackLink to={projectPath(project.id)} label={project.name} />
      <Typography id="editor-heading" variant="h4" component="h1">
        {title}
      </Typography>
      <ProjectForm
        key={project.id}
        type={type}
        project={project}
        submitLabel={t('project.form.save')}
        onCancel={() => void navigate(projectPath(project.id))}
        onReload={async () => (await query.refetch()).data?.project}
        onSubmit={async (values) => {
          await update.mutateAsync({ id: project.id, version: project.version, ...values });
          return { to: projectPath(project.id), notice: t('projects.notices.saved') };
        }}
      />
    </Stack>
  );
};

/** /apps/project-create/:type (apps-project-create-type) and /apps/project-create/:type/:id (project-edit). */
export const ProjectEditorPage = () => {
  const { t } = useTranslation();
  const { type, id } = useParams();
  if (!isProjectType(type)) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <PageTitle title={t('projects.newProject')} />
        <Alert severity="warning">{t('project.form.unknownType', { type: type ?? '' })}</Alert>
        <Typography variant="subtitle1">{t('project.form.chooseType')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {projectTypes.map((known) => (
            <Button key={known} variant="outlined" component={RouterLink} to={createProjectPath(known)}>
              {t(`projects.types.${known}`)}
            </Button>
          ))}
        </Box>
      </Stack>
    );
  }
  return id ? <EditProject key={id} type={type} id={id} /> : <CreateProject key={type} type={type} />;
};
