export default function Legal({ page }: { page: string }) {
  return <main className="p-8">{page}</main>;
}
