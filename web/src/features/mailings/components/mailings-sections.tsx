import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export type MailingsSection = 'mailings' | 'sequences' | 'contacts';

const sectionPath: Record<MailingsSection, string> = {
  mailings: '/apps/mailings',
  sequences: '/apps/mailings/sequences',
  contacts: '/apps/mailings?view=contacts',
};

/**
 * The mailings area's three sections as links, not tabs (each is its own address, so a section
 * can be bookmarked and the back button works): the mailings, the sequences, the contacts' tags.
 */
export const MailingsSections = ({ current }: { readonly current: MailingsSection }) => {
  const { t } = useTranslation();
  return (
    <Stack
      component="nav"
      aria-label={t('mailings.sections.label')}
      direction="row"
      spacing={1}
      sx={{ borderBottom: 1, borderColor: 'divider', overflowX: 'auto' }}
    >
      {(['mailings', 'sequences', 'contacts'] as const).map((section) => (
        <Button
          key={section}
          component={RouterLink}
          to={sectionPath[section]}
          aria-current={section === current ? 'page' : undefined}
          data-testid={`mailings-section-${section}`}
          sx={{
            borderRadius: 0,
            borderBottom: 2,
            borderColor: section === current ? 'primary.main' : 'transparent',
            color: section === current ? 'primary.main' : 'text.primary',
            flexShrink: 0,
          }}
        >
          {t(`mailings.sections.${section}`)}
        </Button>
      ))}
    </Stack>
  );
};
