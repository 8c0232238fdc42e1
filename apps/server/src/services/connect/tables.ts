// The Drizzle tables the connect service owns.
export {};
