// The Drizzle tables the ecommerce service owns.
export {};
