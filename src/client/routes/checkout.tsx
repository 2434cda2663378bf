export default function Page() {
  return <main className="p-8">checkout</main>;
}
