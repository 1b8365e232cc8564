import { defineConfig } from "vitest/config";

// Unit tests of the front end's pure view functions and input handling, in jsdom.
export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["js/**/*.test.js"],
    reporters: ["default"],
  },
});
