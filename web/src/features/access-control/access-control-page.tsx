import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { PageHeader } from '../../shared/ui/page-header';
import { PageTitle } from '../../shared/ui/page-title';
import { capabilityTable, reportedActions, reportedSubjects, type Capability } from './utils/capabilities';

const knownRoles = ['admin', 'client', 'manager', 'support', 'users', 'restricted-user'] as const;

const capabilityColor = { allowed: 'success', own: 'info', denied: 'default' } as const;

const CapabilityChip = ({ capability, label }: { capability: Capability; label: string }) => (
  <Chip
    size="small"
    label={label}
    color={capabilityColor[capability]}
    variant={capability === 'denied' ? 'outlined' : 'filled'}
    data-capability={capability}
  />
);

const isKnown = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

const actionLabel = (t: TFunction, action: unknown) =>
  isKnown(['manage', ...reportedActions] as const, action) ? t(`accessControl.actions.${action}`) : String(action);
const subjectLabel = (t: TFunction, subject: unknown) =>
  isKnown(['all', ...reportedSubjects] as const, subject) ? t(`accessControl.subjects.${subject}`) : String(subject);

/**
 * /access-control (docs/product.md#routes: read AclDemo): what the signed-in user may do, read from the same
 * rules the server enforces — by area and action, then the rules themselves. Both follow the stored
 * rules, which the server replaces over the shell's socket when the role or its permissions change
 * (docs/roles.md), so the page updates without a reload.
 */
export const AccessControlPage = () => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const session = useSession();
  const role = session.userData?.role;
  const rows = capabilityTable(ability);
  const capabilityLabel = (capability: Capability) => t(`accessControl.matrix.${capability}`);

  return (
    <Stack component="section" aria-labelledby="page-heading" spacing={3}>
      <PageTitle title={t('accessControl.title')} />
      <PageHeader
        headingId="page-heading"
        title={t('accessControl.title')}
        subtitle={t('accessControl.subtitle')}
        action={
          ability.can('read', 'Permission') ? (
            <Button component={RouterLink} to="/apps/permissions" variant="contained">
              {t('accessControl.managePermissions')}
            </Button>
          ) : null
        }
      />

      <Alert severity="info" data-testid="access-summary">
        <Typography component="p" sx={{ fontWeight: 500 }}>
          {t('accessControl.role', {
            role: t(`accessControl.roles.${isKnown(knownRoles, role) ? role : 'other'}`),
          })}
        </Typography>
        {ability.can('read', 'AclDemo') ? t('accessControl.aclDemo') : null}
      </Alert>

      <Paper variant="outlined" component="section" aria-labelledby="matrix-heading" sx={{ overflow: 'hidden' }}>
        <Typography id="matrix-heading" variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
          {t('accessControl.matrix.heading')}
        </Typography>
        <TableContainer>
          <Table size="small" aria-labelledby="matrix-heading">
            <TableHead>
              <TableRow>
                <TableCell>{t('accessControl.matrix.area')}</TableCell>
                {reportedActions.map((action) => (
                  <TableCell key={action} align="center">
                    {t(`accessControl.actions.${action}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.subject} data-subject={row.subject}>
                  <TableCell component="th" scope="row">
                    {t(`accessControl.subjects.${row.subject}`)}
                  </TableCell>
                  {reportedActions.map((action) => (
                    <TableCell key={action} align="center" data-action={action}>
                      <CapabilityChip capability={row[action]} label={capabilityLabel(row[action])} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="rules-heading" sx={{ p: 2 }}>
        <Typography id="rules-heading" variant="h6" component="h2">
          {t('accessControl.rules.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('accessControl.rules.description')}
        </Typography>
        {session.userAbilityRules.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{t('accessControl.rules.none')}</Typography>
        ) : (
          <List dense data-testid="ability-rules" sx={{ columnCount: { xs: 1, md: 2, lg: 3 }, columnGap: 4 }}>
            {session.userAbilityRules.map((rule, index) => (
              <ListItem key={index} disableGutters sx={{ breakInside: 'avoid' }}>
                <ListItemText
                  primary={`${actionLabel(t, rule.action)} · ${subjectLabel(t, rule.subject)}`}
                  secondary={rule.conditions ? t('accessControl.rules.own') : t('accessControl.rules.everything')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
};
