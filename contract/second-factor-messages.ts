/**
 * The messages of two-step sign-in's refusals (contract/second-factor.ts), in a module of their own:
 * a page that only words a refusal (the reports page, a team's gate) imports no schema with them.
 */
export const SecondFactorMessage = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'That code is not right. Enter the code your authenticator app shows now.',
  recoveryCodeRequired: 'Enter one of your recovery codes.',
  recoveryCodeInvalid: 'That recovery code is not right, or it was used already.',
  challengeExpired: 'This sign-in took too long. Sign in again.',
  alreadyOn: 'Your authenticator app is already on. Turn it off first to set up another.',
  notOn: 'Your authenticator app is not on.',
  setupExpired: 'This setup took too long. Start again to get a new key.',
  setupRequired: 'Your team requires two-step sign-in. Set up an authenticator app to reach its pages.',
} as const;
