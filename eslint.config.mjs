import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

export default [
  {
    ignores: [
      ".next*/**",
      "node_modules/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "db/migrations/**",
      "next-env.d.ts",
      "bench/out/**",
    ],
  },
  ...nextVitals,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import/no-anonymous-default-export": "off",
    },
  },
];
