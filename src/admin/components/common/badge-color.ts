/** The colours of Medusa UI's Badge the widgets use for states. */
export type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"
