import { encode } from 'uqr';

/**
 * A QR code drawn in the browser with `uqr` (MIT, a few KB): what it encodes never goes to another
 * service (a two-step enrolment's otpauth:// URI, a referral link). Pages load it lazily, when
 * they show one. One path of dark modules on a light quiet zone, so it scans in the dark theme too.
 */
const QrCode = ({
  value,
  label,
  size: width = 200,
}: {
  readonly value: string;
  readonly label: string;
  readonly size?: number;
}) => {
  const { size, data } = encode(value, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={width}
      height={width}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
};

export default QrCode;
