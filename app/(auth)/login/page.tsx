export default function LoginPage() {
  return <main>Sign in</main>;
}
