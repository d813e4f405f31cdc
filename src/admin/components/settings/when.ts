/** A moment as the settings page shows it: date and time in the browser's locale. */
export const when = (value: string) => new Date(value).toLocaleString()
