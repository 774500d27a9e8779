/** Whether the large-screen sidebar is collapsed: kept in local storage, read by the shell and its skeleton. */
const COLLAPSED_KEY = 'shell.sidebarCollapsed';

export function readSidebarCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeSidebarCollapsed(value: boolean) {
  try {
    window.localStorage.setItem(COLLAPSED_KEY, value ? '1' : '0');
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}
