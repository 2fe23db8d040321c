export function AdminDashboardPage() {
  return <h1>Admin Dashboard</h1>;
}
