/**
 * Demo avatars: small SVG pictures as data URLs, stored in the profile's `avatar` like an
 * uploaded picture's `/media/…` URL (every place that shows avatars takes either). Chosen over
 * files in the media bucket so the seed needs no S3 and works offline, on one machine and in
 * AWS alike (docs/decisions.md, "Demo avatars"); the CSP allows `data:` images.
 */
const silhouette = (background: string, skin: string, shirt: string): string => {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" fill="${background}"/>` +
    `<circle cx="32" cy="26" r="12" fill="${skin}"/>` +
    `<path d="M10 64c2-14 11-21 22-21s20 7 22 21z" fill="${shirt}"/>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
};

/** By the demo user's phone: some people have a picture, the others show their initials. */
export const demoAvatars: Readonly<Record<string, string>> = {
  '+15550100004': silhouette('#d6e4ff', '#f1c27d', '#3f51b5'),
  '+15550100005': silhouette('#ffe0e6', '#e0ac69', '#c2185b'),
  '+15550100006': silhouette('#e0f2f1', '#ffdbac', '#00796b'),
  '+15550100007': silhouette('#fff3e0', '#8d5524', '#ef6c00'),
};
