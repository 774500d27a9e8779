/** The query keys of Profile Settings (first element: the endpoint's path). */
export const profileKeys = {
  twoFactor: ['/api/auth/2fa'] as const,
  sessions: ['/api/auth/sessions'] as const,
  pushDevices: ['/api/push/subscriptions'] as const,
};
