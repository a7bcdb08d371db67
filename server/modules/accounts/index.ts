// The accounts module's face: what other modules may call. (Its routes are still registered from
// app.ts one by one; issue 39 moves them here.)
export { mailSecondFactorGuessed } from './secondFactorMail.ts';
