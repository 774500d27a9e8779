/*
 * The auth feature's public entry: the only module other features may import from it (the application status
 * screen offers to resend the verification e-mail).
 */

export { useResendVerification } from './api/verification.ts';
