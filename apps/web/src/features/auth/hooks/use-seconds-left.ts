// Moved to lib/, as the account page's phone change counts down its resend wait the same way.
export { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
