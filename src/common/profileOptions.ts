// The choices of the profile fields of spec section 3; each has a text under `profile.<field>.<value>`.

export const GENDERS = ["male", "female"] as const;
export const SEXUALITIES = ["hetero", "gay", "lesbian", "bi"] as const;
export const HAIR_COLORS = ["black", "brown", "blond", "red", "grey", "bald", "other"] as const;
export const EYE_COLORS = ["brown", "blue", "green", "grey", "hazel"] as const;
export const BODY_TYPES = ["slim", "athletic", "average", "curvy", "muscular", "large"] as const;
export const RELATIONSHIP_STATUSES = ["single", "divorced", "widowed", "separated", "in_relationship", "married"] as const;
export const TATTOOS = ["none", "one", "few", "many"] as const;

export type Gender = (typeof GENDERS)[number];
export type Sexuality = (typeof SEXUALITIES)[number];
