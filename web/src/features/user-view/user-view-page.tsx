import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { useSession } from '../../shared/session/use-session';
import { LoadFailedAlert } from '../../shared/ui/action-alerts';
import { useProfileView } from './api/users';
import { AccountTab } from './components/account-tab';
import { ActivityTab } from './components/activity-tab';
import { NotificationsTab } from './components/notifications-tab';
import { ProfileCard } from './components/profile-card';
import { SecurityTab } from './components/security-tab';
import { tabFrom, userViewTabs, type UserViewTab } from './components/user-view-tabs';

/**
 * A 404 the router's error boundary shows as the not-found page at this URL (routes.tsx does the
 * same for unknown path parameters): another client's id, or no such user.
 */
const notFoundResponse = { status: 404, statusText: 'Not Found', internal: false, data: null };

/**
 * The user view (`/user/view`): a side card and the tabs, the tab in the URL (`?tab=`), another
 * user's view for admins (`?id=`). Whose view it is, is the server's decision: a client asking
 * for anyone else's gets a 404, shown as the not-found page.
 */
export const UserViewPage = () => {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const ownId = typeof session.userData?.id === 'string' ? session.userData.id : '';
  const userId = params.get('id') || ownId;
  const isSelf = userId === ownId;
  const tab = tabFrom(params.get('tab'));
  const view = useProfileView(userId);

  if (view.isError && isApiError(view.error) && view.error.status === 404) {
    // Thrown, not rendered: the error boundary owns the not-found page.
    throw notFoundResponse;
  }

  const selectTab = (next: UserViewTab) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('tab', next);
    setParams(nextParams, { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h4" component="h1">
        {t('userView.title')}
      </Typography>
      {view.isError ? (
        <LoadFailedAlert actionLabel={t('userView.retry')} onAction={() => void view.refetch()}>
          {t('userView.loadFailed')}
        </LoadFailedAlert>
      ) : !view.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('userView.title')} />
        </Box>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5, lg: 4 }}>
            <ProfileCard view={view.data} />
          </Grid>
          <Grid size={{ xs: 12, md: 7, lg: 8 }} sx={{ minWidth: 0 }}>
            <Paper variant="outlined" sx={{ mb: 3 }}>
              <Tabs
                value={tab}
                onChange={(_event, next: UserViewTab) => selectTab(next)}
                variant="scrollable"
                scrollButtons="auto"
                allowScrollButtonsMobile
                aria-label={t('userView.tabs.label')}
              >
                {userViewTabs.map((name) => (
                  <Tab
                    key={name}
                    value={name}
                    label={t(`userView.tabs.${name}`)}
                    id={`user-view-tab-${name}`}
                    aria-controls={`user-view-panel-${name}`}
                  />
                ))}
              </Tabs>
            </Paper>
            <Box role="tabpanel" id={`user-view-panel-${tab}`} aria-labelledby={`user-view-tab-${tab}`}>
              {tab === 'account' ? <AccountTab view={view.data} isSelf={isSelf} /> : null}
              {tab === 'security' ? <SecurityTab userId={userId} isSelf={isSelf} /> : null}
              {tab === 'notifications' ? <NotificationsTab userId={userId} isSelf={isSelf} /> : null}
              {tab === 'activity' ? <ActivityTab userId={userId} isSelf={isSelf} /> : null}
            </Box>
          </Grid>
        </Grid>
      )}
    </Box>
  );
};
