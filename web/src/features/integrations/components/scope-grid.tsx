import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ApiScope } from '@orbit/functions/integrations/api-key-contract';
import { apiKeyAreas, apiScopeAccess, columnState, scopeOf, toggleColumn, toggleScope } from '../utils/scope-grid';

/** The key's scopes: areas down, read and write across; a column's header box ticks the whole column. */
export const ScopeGrid = ({
  chosen,
  onChange,
  labelledBy,
}: {
  readonly chosen: ReadonlySet<ApiScope>;
  readonly onChange: (next: Set<ApiScope>) => void;
  /** The id of the grid's visible label (the fieldset's legend). */
  readonly labelledBy: string;
}) => {
  const { t } = useTranslation();
  const accessLabel = { read: t('integrations.keys.form.read'), write: t('integrations.keys.form.write') } as const;
  const allLabel = { read: t('integrations.keys.form.allRead'), write: t('integrations.keys.form.allWrite') } as const;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} data-testid="scope-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('integrations.keys.form.area')}</TableCell>
            {apiScopeAccess.map((access) => {
              const state = columnState(chosen, access);
              return (
                <TableCell key={access} align="center" padding="checkbox" sx={{ px: 1 }}>
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    onChange={() => onChange(toggleColumn(chosen, access))}
                    slotProps={{ input: { 'aria-label': allLabel[access] } }}
                  />
                  {accessLabel[access]}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {apiKeyAreas.map((area) => (
            <TableRow key={area}>
              <TableCell component="th" scope="row">
                {t(`integrations.keys.areas.${area}`)}
              </TableCell>
              {apiScopeAccess.map((access) => {
                const scope = scopeOf(area, access);
                return (
                  <TableCell key={access} align="center" padding="checkbox">
                    <Checkbox
                      checked={chosen.has(scope)}
                      onChange={() => onChange(toggleScope(chosen, scope))}
                      slotProps={{
                        input: {
                          'aria-label': t('integrations.keys.form.scopeLabel', {
                            access: accessLabel[access],
                            area: t(`integrations.keys.areas.${area}`),
                          }),
                          'data-testid': `scope-${scope}`,
                        } as object,
                      }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
