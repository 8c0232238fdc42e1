// The Drizzle tables the chat service owns.
export {};
