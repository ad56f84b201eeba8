import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Webhook } from '@orbit/functions/integrations/webhook-contract';
import { MoreIcon } from '../../../shared/ui/icons';
import { Tag } from '../../../shared/ui/tag';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { formatWhen } from '../utils/format';
import { WebhookStateTag } from './status-tags';

export type WebhookAction = 'test' | 'edit' | 'enable' | 'disable' | 'rotate' | 'remove';

/** Where a subscription's delivery log opens: the same tab, with the subscription in the URL. */
export const deliveryLogPath = (id: string) => `/apps/integrations?webhook=${encodeURIComponent(id)}`;

const RowMenu = ({
  webhook,
  onAction,
}: {
  readonly webhook: Webhook;
  readonly onAction: (action: WebhookAction, webhook: Webhook) => void;
}) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items: readonly { action: WebhookAction; label: string }[] = [
    { action: 'test', label: t('integrations.webhooks.menu.test') },
    { action: 'edit', label: t('integrations.webhooks.menu.edit') },
    webhook.enabled
      ? { action: 'disable', label: t('integrations.webhooks.menu.disable') }
      : { action: 'enable', label: t('integrations.webhooks.menu.enable') },
    { action: 'rotate', label: t('integrations.webhooks.menu.rotate') },
    { action: 'remove', label: t('integrations.webhooks.menu.remove') },
  ];
  return (
    <>
      <IconButton
        aria-label={t('integrations.webhooks.actions', { url: webhook.url })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="webhook-menu"
      >
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.action}
            data-testid={`webhook-${item.action}`}
            onClick={() => {
              setAnchor(null);
              onAction(item.action, webhook);
            }}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** The subscriptions: address (opening its delivery log), events, state, the secret's hint, actions. */
export const WebhooksList = ({
  webhooks,
  onAction,
}: {
  readonly webhooks: readonly Webhook[];
  readonly onAction: (action: WebhookAction, webhook: Webhook) => void;
}) => {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('integrations.webhooks.listLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('integrations.webhooks.url')}</TableCell>
            <TableCell>{t('integrations.webhooks.events')}</TableCell>
            <TableCell>{t('integrations.webhooks.state')}</TableCell>
            <TableCell>{t('integrations.webhooks.secret')}</TableCell>
            {/* Positioned: the hidden name would otherwise be placed against the page, past the scrolled table's edge. */}
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                {t('integrations.deliveries.details')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {webhooks.map((webhook) => (
            <TableRow key={webhook.id} data-testid="webhook-row" data-webhook-id={webhook.id} hover>
              <TableCell sx={{ maxWidth: 360 }}>
                <Link
                  component={RouterLink}
                  to={deliveryLogPath(webhook.id)}
                  dir="ltr"
                  sx={{ wordBreak: 'break-all' }}
                  data-testid="webhook-log-link"
                >
                  {webhook.url}
                </Link>
                {webhook.description ? (
                  <Typography variant="body2" color="text.secondary">
                    {webhook.description}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {webhook.events.map((event) => (
                    <Tag
                      key={event}
                      label={event}
                      variant="outlined"
                      dir="ltr"
                      title={t(`integrations.webhooks.eventTypes.${event}`)}
                    />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>
                <WebhookStateTag webhook={webhook} />
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }} dir="ltr">
                  {webhook.secretHint}
                </Typography>
                {webhook.previousSecretExpiresAt ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('integrations.webhooks.rotating', {
                      when: formatWhen(webhook.previousSecretExpiresAt, i18n.language),
                    })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">
                <RowMenu webhook={webhook} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
