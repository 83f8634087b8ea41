import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { formatDateTime } from "~/shared/format-date";
import { AREA_ROLES, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/shared/roles";
import { createStaffBodySchema, type CreateStaffBody, type StaffMember, type UpdateStaffBody } from "~/shared/schemas/staff";
import { Button, buttonClass } from "~/web/components/ui/button";
import { ConfirmDialog } from "~/web/components/ui/confirm-dialog";
import { StaffTable } from "~/web/components/ui/staff-table";
import { Field } from "~/web/components/ui/field";
import { AdminSignIn } from "~/web/features/staff-auth/admin-sign-in";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { useAdminLogout } from "~/web/features/staff-auth/use-staff-session";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { focusFirstInvalid, useFieldErrors } from "~/web/lib/use-field-errors";

export const meta = () => [{ title: "Staff accounts" }, { name: "robots", content: "noindex" }];

const STAFF_KEY = ["staff"];

function RoleChecks({ value, onChange, legend }: { value: StaffRole[]; onChange: (roles: StaffRole[]) => void; legend: string }) {
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="sr-only">{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className="flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            checked={value.includes(role)}
            onChange={(e) => onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))}
          />
          {ROLE_LABELS[role]}
        </label>
      ))}
    </fieldset>
  );
}

function AddStaffForm() {
  const queryClient = useQueryClient();
  const empty = { email: "", name: "", password: "", roles: [] as StaffRole[] };
  const [form, setForm] = useState(empty);
  const formElement = useRef<HTMLFormElement>(null);
  const { errors, setErrors, validate, revalidate, clear } = useFieldErrors(createStaffBodySchema);
  const set = (next: typeof form, field: keyof typeof form) => {
    setForm(next);
    revalidate(field, next);
  };
  const add = useMutation({
    mutationFn: (body: CreateStaffBody) => api<StaffMember>("/api/staff", { body }),
    onSuccess: (member) => {
      setForm(empty);
      clear();
      toast({ title: "Staff account added", description: `${member.name} can now sign in.` });
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        setErrors(error.fields);
        return focusFirstInvalid(formElement.current);
      }
      toast({ title: "Error", description: error.message, variant: "destructive" });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (validate(form)) add.mutate(form);
    else focusFirstInvalid(formElement.current);
  };
  return (
    <form ref={formElement} onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="add-staff">
      <h2 id="add-staff" className="text-lg font-semibold text-brand-900">
        Add a staff account
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <Field label="Full name" value={form.name} error={errors.name} onChange={(e) => set({ ...form, name: e.target.value }, "name")} />
        <Field label="Email" type="email" value={form.email} error={errors.email} onChange={(e) => set({ ...form, email: e.target.value }, "email")} />
        <Field
          label="Initial password (12+ characters)"
          type="password"
          autoComplete="new-password"
          value={form.password}
          error={errors.password}
          onChange={(e) => set({ ...form, password: e.target.value }, "password")}
        />
      </div>
      <RoleChecks legend="Roles" value={form.roles} onChange={(roles) => set({ ...form, roles }, "roles")} />
      {errors.roles && <p className="text-sm text-red-700">{errors.roles}</p>}
      <div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add staff account"}
        </Button>
      </div>
    </form>
  );
}

function StaffRow({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const update = useMutation({
    mutationFn: (body: UpdateStaffBody) => api<StaffMember>(`/api/staff/${member.id}`, { method: "PATCH", body }),
    onSuccess: (_saved, body) => {
      toast(
        body.disabled === undefined
          ? { title: "Staff account updated" }
          : body.disabled
            ? { title: "Staff account disabled", description: `${member.name} can no longer sign in.` }
            : { title: "Staff account enabled", description: `${member.name} can sign in again.` },
      );
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
    onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
  });
  const changed = roles.join() !== member.roles.join();
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="p-3">
        <div className="font-medium">{member.name}</div>
        <div className="text-slate-600">{member.email}</div>
      </td>
      <td data-label="Roles" className="p-3">
        <RoleChecks legend={`Roles of ${member.name}`} value={roles} onChange={setRoles} />
      </td>
      <td data-label="Status" className="p-3">{member.disabled ? "Disabled" : "Active"}</td>
      <td data-label="Last sign-in" className="p-3 text-slate-600">{member.lastLoginAt ? formatDateTime(member.lastLoginAt) : "Never"}</td>
      <td className="flex flex-wrap gap-2 p-3">
        <Button variant="secondary" disabled={!changed || update.isPending} onClick={() => update.mutate({ roles })}>
          Save roles
        </Button>
        {!isSelf &&
          (member.disabled ? (
            <Button variant="secondary" disabled={update.isPending} onClick={() => update.mutate({ disabled: false })}>
              Enable
            </Button>
          ) : (
            <ConfirmDialog
              title="Disable Staff Account"
              description={`Are you sure you want to disable ${member.name} (${member.email})? They are signed out and can no longer sign in until the account is enabled again.`}
              confirmLabel="Disable"
              disabled={update.isPending}
              onConfirm={() => update.mutate({ disabled: true })}
              trigger={
                <button type="button" className={buttonClass("danger")} disabled={update.isPending}>
                  Disable
                </button>
              }
            />
          ))}
      </td>
    </tr>
  );
}

function StaffList({ selfEmail }: { selfEmail: string }) {
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: () => api<StaffMember[]>("/api/staff") });
  if (staff.isPending) return <p className="text-slate-600">Loading staff...</p>;
  if (staff.isError) return <p className="text-red-700">Failed to fetch staff accounts.</p>;
  return (
    <StaffTable caption="Staff accounts" headers={["Person", "Roles", "Status", "Last sign-in", "Actions"]}>
      {staff.data.map((member) => (
        <StaffRow key={`${member.id}:${member.roles.join()}`} member={member} isSelf={member.email === selfEmail} />
      ))}
    </StaffTable>
  );
}

export default function AdminStaffPage() {
  const logout = useAdminLogout();
  return (
    <StaffArea roles={AREA_ROLES.staffAccounts} areaName="staff accounts" signIn={<AdminSignIn />}>
      {(user) => (
        <StaffFrame title="Staff accounts" subtitle="Who can sign in, and to which areas" user={user} onLogout={logout}>
          <div className="grid gap-6">
            <a href="/admin" className="text-sm text-brand-600 underline">
              ← Admin Dashboard
            </a>
            <AddStaffForm />
            <StaffList selfEmail={user.email} />
          </div>
        </StaffFrame>
      )}
    </StaffArea>
  );
}
