/*
 * The auth feature's public entry: the only module other features may import from it (the application status
 * screen offers to resend the verification e-mail).
 */

export { useResendVerification } from './api/verification.ts';
// the signed-out frame, for the other pages a visitor reaches from an e-mail without signing in (unsubscribe)
export { AuthLayout } from './components/AuthLayout.tsx';
