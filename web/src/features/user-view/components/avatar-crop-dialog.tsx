import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { profileLimits } from '@orbit/functions/users/contract';
import { cropToSquare } from './crop-image';

export interface AvatarCropDialogProps {
  /** An object URL of the picture the user chose. */
  readonly src: string;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onCropped: (picture: Blob) => void;
}

/**
 * Square crop with zoom (react-easy-crop: drag, pinch, keyboard), then the 256 × 256 picture to
 * upload. Loaded only when the user picks a file on the Account tab.
 */
const AvatarCropDialog = ({ src, busy, onCancel, onCropped }: AvatarCropDialogProps) => {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [working, setWorking] = useState(false);

  const save = async () => {
    if (!area) return;
    setWorking(true);
    try {
      onCropped(await cropToSquare(src, area, profileLimits.avatarPixels));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="avatar-crop-title" fullWidth maxWidth="xs">
      <DialogTitle id="avatar-crop-title">{t('userView.avatar.cropTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ position: 'relative', width: '100%', height: 280, bgcolor: 'grey.900', borderRadius: 1 }}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
          />
        </Box>
        <Typography id="avatar-zoom-label" variant="body2" sx={{ mt: 2 }}>
          {t('userView.avatar.zoom')}
        </Typography>
        <Slider
          value={zoom}
          min={1}
          max={3}
          step={0.05}
          onChange={(_event, value) => setZoom(value)}
          aria-labelledby="avatar-zoom-label"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('userView.avatar.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!area || busy || working}>
          {busy ? t('userView.avatar.uploading') : t('userView.avatar.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export default AvatarCropDialog;
