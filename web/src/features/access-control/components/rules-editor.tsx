import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { grantableSubjects, type GrantableSubject, type PermissionRule } from '@orbit/functions/permissions/contract';
import { canBeOwn, gridActions, gridOf, rulesOf, setCell, type GridAction } from '../utils/rule-grid';

const columns: readonly GridAction[] = ['manage', ...gridActions];

const cellSx = { px: 0.5, py: 0, textAlign: 'center', width: 56 } as const;

export interface RulesEditorProps {
  readonly value: readonly PermissionRule[];
  readonly onChange: (rules: PermissionRule[]) => void;
  readonly onBlur?: () => void;
  /** The message to show under the grid (already translated), or undefined for the hint. */
  readonly error?: string;
}

/**
 * The permission's rules as a grid (docs/roles.md): a row per subject, a column per action, with
 * "All" (`manage`) standing for the row's other actions. Subjects whose records have an owner
 * (tasks: assigned to them; email: their own) get a second row that limits each granted action
 * to the user's own records. Every box is labelled with its action and subject for screen readers;
 * the grid scrolls sideways on the narrowest phones.
 */
export const RulesEditor = ({ value, onChange, onBlur, error }: RulesEditorProps) => {
  const { t } = useTranslation();
  const grid = gridOf(value);
  const subjectLabel = (subject: GrantableSubject) => t(`accessControl.subjects.${subject}`);
  const actionLabel = (action: GridAction) =>
    action === 'manage' ? t('permissions.rules.all') : t(`accessControl.actions.${action}`);
  const update = (subject: GrantableSubject, action: GridAction, cell: 'all' | 'own' | undefined) =>
    onChange(rulesOf(setCell(grid, subject, action, cell)));

  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ minWidth: 0 }}>
      <FormLabel component="legend">{t('permissions.rules.label')}</FormLabel>
      <TableContainer sx={{ maxHeight: { sm: 360 }, border: 1, borderColor: 'divider', borderRadius: 1, mt: 1 }}>
        <Table size="small" stickyHeader aria-label={t('permissions.rules.label')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ px: 1 }}>{t('permissions.rules.area')}</TableCell>
              {columns.map((action) => (
                <TableCell key={action} sx={cellSx}>
                  {actionLabel(action)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {grantableSubjects.map((subject) => {
              const row = grid[subject] ?? {};
              const managed = Boolean(row.manage);
              return (
                <Fragment key={subject}>
                  <TableRow data-subject={subject}>
                    <TableCell component="th" scope="row" sx={{ px: 1, overflowWrap: 'anywhere' }}>
                      {subjectLabel(subject)}
                    </TableCell>
                    {columns.map((action) => {
                      const implied = managed && action !== 'manage';
                      return (
                        <TableCell key={action} sx={cellSx}>
                          <Checkbox
                            size="small"
                            checked={implied || Boolean(row[action])}
                            disabled={implied}
                            onBlur={onBlur}
                            onChange={(_, checked) =>
                              update(subject, action, checked ? (row[action] ?? 'all') : undefined)
                            }
                            slotProps={{
                              input: {
                                'aria-label': t('permissions.rules.cell', {
                                  action: actionLabel(action),
                                  subject: subjectLabel(subject),
                                }),
                              },
                            }}
                          />
                        </TableCell>
                      );
                    })}
                  </TableRow>
                  {canBeOwn(subject) ? (
                    <TableRow data-subject={subject} data-own="true">
                      <TableCell
                        component="th"
                        scope="row"
                        sx={{ px: 1, ps: 3, color: 'text.secondary', typography: 'body2' }}
                      >
                        {t(`permissions.rules.own.${subject as 'Task' | 'Email'}`)}
                      </TableCell>
                      {columns.map((action) => {
                        const granted = Boolean(row[action]);
                        const usable = granted && !(managed && action !== 'manage');
                        return (
                          <TableCell key={action} sx={cellSx}>
                            <Checkbox
                              size="small"
                              checked={row[action] === 'own'}
                              disabled={!usable}
                              onBlur={onBlur}
                              onChange={(_, checked) => update(subject, action, checked ? 'own' : 'all')}
                              slotProps={{
                                input: {
                                  'aria-label': t('permissions.rules.ownCell', {
                                    action: actionLabel(action),
                                    subject: subjectLabel(subject),
                                  }),
                                },
                              }}
                            />
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ) : null}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <FormHelperText aria-live="polite">{error ?? t('permissions.rules.hint')}</FormHelperText>
    </FormControl>
  );
};
