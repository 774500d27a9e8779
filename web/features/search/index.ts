/** The command palette's launcher, mounted in the app shell's header. */
export { SearchLauncher } from './components/SearchLauncher.tsx';
