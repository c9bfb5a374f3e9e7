/**
 * The account page's two-step sign-in section (its card's id): where a person whose team requires
 * two-step sign-in is sent to set it up. Following it moves the focus into the section (app/navigate).
 */
export const twoStepSignInHref = '/account#two-step-sign-in';
