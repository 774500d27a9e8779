/** The query keys of Profile Settings (first element: the endpoint's path). */
export const profileKeys = {
  twoFactor: ['/api/auth/2fa'] as const,
  sessions: ['/api/auth/sessions'] as const,
  pushDevices: ['/api/push/subscriptions'] as const,
  payoutDetails: ['/api/payout-details'] as const,
};

/** The query keys of the member's own account settings (first element: the endpoint's path). */
export const accountKeys = {
  preferences: ['/api/notification-preferences'] as const,
  exports: ['/api/data-exports'] as const,
  deletion: ['/api/account-deletion-request'] as const,
};
