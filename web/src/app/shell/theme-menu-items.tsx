import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { settingOptions, type ThemeMode } from '../../shared/theme/settings';
import { Icon, themeIcon } from './icons';

/** The theme menu's choices, one checked (loaded with the menu: see ShellMenu). */
export const ThemeMenuItems = ({ current, onChoose }: { current: ThemeMode; onChoose: (mode: ThemeMode) => void }) => {
  const { t } = useTranslation();
  return settingOptions.theme.map((mode) => (
    <MenuItem
      key={mode}
      role="menuitemradio"
      aria-checked={current === mode}
      selected={current === mode}
      onClick={() => onChoose(mode)}
    >
      <ListItemIcon>
        <Icon name={themeIcon[mode]} fontSize="small" />
      </ListItemIcon>
      {t(`shell.theme.${mode}`)}
    </MenuItem>
  ));
};
