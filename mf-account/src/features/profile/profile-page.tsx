export function ProfilePage() {
  return <h1>Account Settings</h1>;
}
