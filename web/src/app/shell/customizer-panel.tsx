import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryPresets, palettes, type ColorScheme } from '../../shared/theme/palette';
import {
  isDefaultSettings,
  resetSettings,
  resolveColorScheme,
  settingOptions,
  updateSettings,
  type Settings,
} from '../../shared/theme/settings';
import { useSettings } from '../../shared/theme/use-settings';
import { overlayNavQuery } from '../../shared/theme/breakpoints';
import { OverlayIcon, type OverlayIconName } from './overlay-icons';
import { customizerId } from './layout-state';
import { useMediaQuery } from '../../shared/hooks/use-media-query';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ px: 3, py: 2.5 }}>
    <Typography
      variant="overline"
      component="h3"
      sx={{ display: 'inline-block', px: 1, mb: 2, borderRadius: 1, bgcolor: 'action.selected', lineHeight: 2 }}
    >
      {title}
    </Typography>
    <Box sx={{ display: 'grid', gap: 2.5 }}>{children}</Box>
  </Box>
);

interface Choice<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly icon?: OverlayIconName;
  readonly preview?: ReactNode;
  readonly disabled?: boolean;
}

/** A labelled group of mutually exclusive options, shown as cards (native radio semantics). */
const Choices = <T extends string>({
  label,
  value,
  choices,
  onChange,
  hint,
}: {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  hint?: string;
}) => {
  const name = useId();
  const labelId = `${name}-label`;
  return (
    <Box role="radiogroup" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${Math.min(choices.length, 3)}, 1fr)`, gap: 1.5 }}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <Box
              component="label"
              key={choice.value}
              sx={{
                position: 'relative',
                display: 'grid',
                justifyItems: 'center',
                gap: 0.75,
                p: 1.25,
                border: 2,
                borderColor: checked ? 'primary.main' : 'divider',
                borderRadius: 2,
                cursor: choice.disabled ? 'default' : 'pointer',
                opacity: choice.disabled ? 0.5 : 1,
                color: checked ? 'primary.main' : 'text.primary',
                '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box
                component="input"
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                disabled={choice.disabled}
                onChange={() => onChange(choice.value)}
                // Invisible but covering the card: the whole card is the radio's hit area.
                sx={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  opacity: 0,
                  m: 0,
                  cursor: 'inherit',
                }}
              />
              {choice.preview ?? (choice.icon ? <OverlayIcon name={choice.icon} /> : null)}
              <Typography variant="body2" component="span" sx={{ fontWeight: checked ? 600 : 400 }}>
                {choice.label}
              </Typography>
            </Box>
          );
        })}
      </Box>
      {hint ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
};

/** A miniature of a layout, for the layout choices. */
const LayoutPreview = ({ kind }: { kind: 'vertical' | 'collapsed' | 'horizontal' }) => (
  <Box
    aria-hidden
    sx={{
      width: 64,
      height: 44,
      borderRadius: 1,
      border: 1,
      borderColor: 'divider',
      display: 'flex',
      flexDirection: kind === 'horizontal' ? 'column' : 'row',
      overflow: 'hidden',
      bgcolor: 'background.default',
    }}
  >
    <Box
      sx={{
        bgcolor: 'currentColor',
        opacity: 0.35,
        ...(kind === 'horizontal' ? { height: 8 } : { width: kind === 'collapsed' ? 8 : 18, height: '100%' }),
      }}
    />
    <Box sx={{ flex: 1, m: 0.75, borderRadius: 0.5, bgcolor: 'action.selected' }} />
  </Box>
);

/**
 * Every appearance and layout setting (docs/product.md#stored-values, #behaviour), applied at once and kept
 * in cookies.
 */
const CustomizerPanel = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const settings = useSettings();
  const narrow = useMediaQuery(overlayNavQuery);
  const scheme: ColorScheme = resolveColorScheme(settings.theme);
  const primaryKey = scheme === 'dark' ? 'darkThemePrimaryColor' : 'lightThemePrimaryColor';
  const primary = settings[primaryKey] ?? palettes[scheme].primary;
  const horizontal = settings.appContentLayoutNav === 'horizontal';
  const layoutValue = horizontal ? 'horizontal' : settings.isVerticalNavCollapsed ? 'collapsed' : 'vertical';
  const set = (patch: Partial<Settings>) => updateSettings(patch);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, py: 2.5 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id={`${customizerId}-title`} variant="h6" component="h2">
            {t('customizer.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('customizer.subtitle')}
          </Typography>
        </Box>
        <IconButton
          aria-label={t('customizer.reset')}
          onClick={resetSettings}
          disabled={isDefaultSettings(settings)}
          sx={{ color: 'primary.main' }}
        >
          <OverlayIcon name="reset" />
        </IconButton>
        <IconButton aria-label={t('customizer.close')} onClick={onClose}>
          <OverlayIcon name="close" />
        </IconButton>
      </Box>
      <Divider />

      <Section title={t('customizer.theming')}>
        <Box role="radiogroup" aria-labelledby={`${customizerId}-primary`}>
          <Typography id={`${customizerId}-primary`} variant="subtitle2" sx={{ mb: 1 }}>
            {t(scheme === 'dark' ? 'customizer.primaryDark' : 'customizer.primaryLight')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25, alignItems: 'center' }}>
            {primaryPresets[scheme].map((preset) => {
              const checked = preset.value.toUpperCase() === primary.toUpperCase();
              return (
                <ButtonBase
                  key={preset.value}
                  role="radio"
                  aria-checked={checked}
                  aria-label={t(`customizer.colors.${preset.name}`)}
                  onClick={() => set({ [primaryKey]: preset.value === palettes[scheme].primary ? null : preset.value })}
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2,
                    border: 2,
                    borderColor: checked ? 'primary.main' : 'divider',
                    display: 'grid',
                    placeItems: 'center',
                  }}
                >
                  <Box
                    sx={{
                      width: 28,
                      height: 28,
                      borderRadius: 1.5,
                      bgcolor: preset.value,
                      display: 'grid',
                      placeItems: 'center',
                    }}
                  >
                    {checked ? (
                      <OverlayIcon
                        name="check"
                        fontSize="small"
                        sx={{ color: scheme === 'dark' ? '#111318' : '#fff' }}
                      />
                    ) : null}
                  </Box>
                </ButtonBase>
              );
            })}
            <Box
              component="label"
              sx={{
                position: 'relative',
                width: 44,
                height: 44,
                borderRadius: 2,
                border: 2,
                borderColor: 'divider',
                display: 'grid',
                placeItems: 'center',
                cursor: 'pointer',
                '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box
                component="input"
                type="color"
                value={primary.toLowerCase()}
                aria-label={t('customizer.customColor')}
                onChange={(event) => set({ [primaryKey]: event.target.value.toUpperCase() })}
                sx={{ position: 'absolute', inset: 0, opacity: 0, width: '100%', height: '100%', cursor: 'pointer' }}
              />
              <Box
                aria-hidden
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: 1.5,
                  background: 'conic-gradient(red, yellow, lime, cyan, blue, magenta, red)',
                }}
              />
            </Box>
          </Box>
        </Box>

        <Choices
          label={t('customizer.theme')}
          value={settings.theme}
          onChange={(theme) => set({ theme })}
          choices={settingOptions.theme.map((value) => ({
            value,
            label: t(`shell.theme.${value}`),
            icon: value,
          }))}
        />

        <Choices
          label={t('customizer.skin')}
          value={settings.skin}
          onChange={(skin) => set({ skin })}
          choices={settingOptions.skin.map((value) => ({ value, label: t(`customizer.skins.${value}`) }))}
        />

        <FormControlLabel
          control={
            <Switch
              checked={settings.isVerticalNavSemiDark}
              onChange={(event) => set({ isVerticalNavSemiDark: event.target.checked })}
              disabled={horizontal}
            />
          }
          label={t('customizer.semiDark')}
        />
      </Section>
      <Divider />

      <Section title={t('customizer.layout')}>
        <Choices
          label={t('customizer.navigation')}
          value={layoutValue}
          hint={narrow ? t('customizer.narrowHint') : undefined}
          onChange={(value) =>
            set(
              value === 'horizontal'
                ? { appContentLayoutNav: 'horizontal' }
                : { appContentLayoutNav: 'vertical', isVerticalNavCollapsed: value === 'collapsed' },
            )
          }
          choices={(['vertical', 'collapsed', 'horizontal'] as const).map((value) => ({
            value,
            label: t(`customizer.layouts.${value}`),
            preview: <LayoutPreview kind={value} />,
          }))}
        />

        <Choices
          label={t('customizer.contentWidth')}
          value={settings.appContentWidth}
          onChange={(appContentWidth) => set({ appContentWidth })}
          choices={settingOptions.appContentWidth.map((value) => ({ value, label: t(`customizer.widths.${value}`) }))}
        />

        <Choices
          label={t('customizer.navbar')}
          value={settings.navbarType}
          onChange={(navbarType) => set({ navbarType })}
          choices={settingOptions.navbarType.map((value) => ({
            value,
            label: t(`customizer.navbarTypes.${value}`),
            // docs/product.md#behaviour: with a horizontal navigation the navbar is never hidden.
            disabled: value === 'hidden' && horizontal,
          }))}
        />

        <FormControlLabel
          control={
            <Switch
              checked={settings.isNavbarBlurEnabled}
              onChange={(event) => set({ isNavbarBlurEnabled: event.target.checked })}
            />
          }
          label={t('customizer.navbarBlur')}
        />

        <Choices
          label={t('customizer.footer')}
          value={settings.footerType}
          onChange={(footerType) => set({ footerType })}
          choices={settingOptions.footerType.map((value) => ({ value, label: t(`customizer.footerTypes.${value}`) }))}
        />

        {horizontal ? (
          <Choices
            label={t('customizer.horizontalNav')}
            value={settings.horizontalNavType}
            onChange={(horizontalNavType) => set({ horizontalNavType })}
            choices={settingOptions.horizontalNavType.map((value) => ({
              value,
              label: t(`customizer.horizontalNavTypes.${value}`),
            }))}
          />
        ) : null}
      </Section>
      <Divider />
      <Box sx={{ px: 3, py: 2.5 }}>
        <Button
          variant="outlined"
          fullWidth
          onClick={resetSettings}
          disabled={isDefaultSettings(settings)}
          startIcon={<OverlayIcon name="reset" />}
        >
          {t('customizer.resetAll')}
        </Button>
      </Box>
    </Box>
  );
};

/** The panel in the window's end-edge drawer (the customizer's tab opens it). */
export const CustomizerDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Drawer
    anchor="right"
    open={open}
    onClose={onClose}
    slotProps={{
      paper: {
        id: customizerId,
        role: 'dialog',
        'aria-modal': true,
        'aria-labelledby': `${customizerId}-title`,
        sx: { width: 400, maxWidth: '100vw' },
      },
    }}
  >
    <CustomizerPanel onClose={onClose} />
  </Drawer>
);
