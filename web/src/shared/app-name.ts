/** The app's title: shown in the app bar and document titles, and the prefix of its cookies. */
export const appName = 'Orbit';
