/**
 * The browser's side of an avatar: the square the user chose, scaled to `size` pixels and
 * encoded as WebP (JPEG where the browser cannot encode WebP), so what is uploaded is small and
 * always within the server's limits.
 */
export interface PixelArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const loadImage = (src: string): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> =>
  new Promise((resolve) => canvas.toBlob(resolve, type, quality));

/** The encoding actually produced: `toBlob` falls back to PNG for a type it cannot write. */
export const pickEncoding = (produced: Blob | null): Blob | null =>
  produced && (produced.type === 'image/webp' || produced.type === 'image/jpeg') ? produced : null;

export const cropToSquare = async (src: string, area: PixelArea, size: number): Promise<Blob> => {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  const blob =
    pickEncoding(await toBlob(canvas, 'image/webp', 0.9)) ?? pickEncoding(await toBlob(canvas, 'image/jpeg', 0.9));
  if (!blob) throw new Error('The picture could not be encoded');
  return blob;
};
