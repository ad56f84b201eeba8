import { encode } from 'uqr';

/**
 * The enrolment's otpauth:// URI as a QR code, drawn in the browser with `uqr` (MIT, a few KB):
 * the secret never goes to another service. Loaded only when the enrolment dialog opens. One
 * path of dark modules on a light quiet zone, so it scans in the dark theme too.
 */
const SecurityQrCode = ({ value, label }: { readonly value: string; readonly label: string }) => {
  const { size, data } = encode(value, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
};

export default SecurityQrCode;
