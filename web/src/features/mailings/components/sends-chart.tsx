import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { chartBars } from './mailing-helpers';

const height = 120;

/**
 * Sends per minute as bars: a small SVG (no chart library; the page needs one simple view).
 * The whole chart is one image with a text description for screen readers; each bar carries a
 * title for pointer users. Time runs in the reading direction (right to left in Arabic).
 */
export const SendsChart = ({ buckets }: { readonly buckets: readonly { minute: string; count: number }[] }) => {
  const { t, i18n } = useTranslation();
  const bars = chartBars(buckets);
  if (bars.length === 0) {
    return <Typography color="text.secondary">{t('mailings.detail.chartEmpty')}</Typography>;
  }
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const clock = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const width = Math.max(bars.length * 12, 120);
  const barWidth = width / bars.length;
  const label = t('mailings.detail.chartLabel', {
    count: bars.length,
    from: clock.format(new Date(bars[0]?.minute ?? 0)),
    to: clock.format(new Date(bars.at(-1)?.minute ?? 0)),
    max,
  });
  return (
    <Box sx={{ width: '100%' }} data-testid="mailing-chart">
      <Box
        component="svg"
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        sx={(theme) => ({
          width: '100%',
          height,
          display: 'block',
          transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined,
          color: 'primary.main',
        })}
      >
        {bars.map((bar, index) => {
          const barHeight = (bar.count / max) * (height - 4);
          return (
            <rect
              key={bar.minute}
              x={index * barWidth + 1}
              y={height - barHeight}
              width={Math.max(barWidth - 2, 1)}
              height={barHeight}
              fill="currentColor"
              data-count={bar.count}
            >
              <title>
                {t('mailings.detail.barLabel', { minute: clock.format(new Date(bar.minute)), count: bar.count })}
              </title>
            </rect>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          {clock.format(new Date(bars[0]?.minute ?? 0))}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {clock.format(new Date(bars.at(-1)?.minute ?? 0))}
        </Typography>
      </Box>
    </Box>
  );
};
