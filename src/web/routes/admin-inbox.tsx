export default function AdminInbox() { return null; }
