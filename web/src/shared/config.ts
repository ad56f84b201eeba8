export { appName } from './app-name';
