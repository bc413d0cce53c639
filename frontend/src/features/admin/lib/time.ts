/** "17 May 2025, 14:05" for back-office lists and details. */
export const adminTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
