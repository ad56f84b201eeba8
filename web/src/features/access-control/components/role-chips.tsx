import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { RoleSlug } from '@orbit/functions/permissions/contract';

/** One colour per role slug, so a role reads the same in every row. */
export const roleColor: Record<RoleSlug, ChipProps['color']> = {
  administrator: 'primary',
  manager: 'warning',
  users: 'success',
  support: 'info',
  'restricted-user': 'error',
};

export const RoleChips = ({ roles }: { roles: readonly RoleSlug[] }) => {
  const { t } = useTranslation();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }}>
      {roles.map((role) => (
        <Chip
          key={role}
          label={t(`permissions.roles.${role}`)}
          color={roleColor[role]}
          variant="outlined"
          size="small"
          data-role={role}
        />
      ))}
    </Stack>
  );
};
