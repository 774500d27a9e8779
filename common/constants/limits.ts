/** Limits and timings the product fixes; screens and the server read them from here, never their own copies. */
export const LIMITS = {
  bio: { min: 20, max: 500 },
  networkingGoals: { min: 10, max: 300 },
  password: { min: 8, max: 100 },
  username: { min: 3, max: 30 },
  name: { max: 50 },
  company: { max: 100 },
  jobTitle: { max: 100 },
  location: { max: 100 },
  yearsExperience: { min: 0, max: 60 },
} as const;

export const UI = {
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  backToTopPx: 300,
  sidebarWidePx: 256,
  sidebarNarrowPx: 80,
  mobileMenuPx: 320,
  tourDelayMs: 2000,
  carouselStepMs: 5000,
} as const;
