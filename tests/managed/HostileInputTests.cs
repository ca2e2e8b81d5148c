// HostileInputTests: the deserializer trusts nothing.  Real messages, truncated, corrupted and hand-crafted,
// are fed to it locally (ObjectDiagnostics.Deserialize) and through MPI (ORecv); each must raise
// SerializationException (or succeed harmlessly), allocate nothing unbounded, and leave the rank usable.
//
// Message layout used to craft cases (serializer/motor-ser-internal.h): a 32-byte header (u32 magic, u32 type
// count, u32 object count, u32 root, u32 flags, u32 reserved, u64 data bytes), the object records (u32 type
// index + data), then the type table.
using System;
using System.Collections.Generic;
using System.Linq;
using System.MP;
using System.Runtime.InteropServices;
using System.Runtime.Serialization;
using System.Text;

public class Victim
{
	public int A;
	public string S;
	[Transportable] public Victim Next;
	[Transportable] public int[] Data;
	[Transportable] public object Any;
}

public class LayoutA { public int X; public int Y; }
public class LayoutB { public long X; }
// The same field, as a class and as a struct: a receiver must not read one as the other.
public class KindC { public int X; }
public class Naïve { public int X; }
public struct KindS { public int X; }
public abstract class AbstractThing { public int X; }
public struct Hollow { public object O; }
public class HollowHolder { [Transportable] public Hollow[] H; }
// Process-local handles cannot be sent, so a message naming one is forged: a twin with the same field layout (the
// fingerprint covers field names and types, not the type's own name) is sent and renamed in the message.
public struct GCHandleTwin { public int handle; }
public class HandleHolder { public int X; public GCHandle H; }
public class HandleHolderTwin { public int X; public GCHandleTwin H; }
public class WeakReferenceTwin { public bool isLongReference; public GCHandleTwin gcHandle; }

public static class HostileInputTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (HostileInputTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	static byte[] Real ()
	{
		var v = new Victim { A = 1, S = "hello", Data = new[] { 1, 2, 3 } };
		v.Next = new Victim { A = 2, S = "", Next = v, Any = new object[] { "x", 5, null, v.Data, new LayoutA { X = 3 } } };
		return ObjectDiagnostics.Serialize (v);
	}

	static void Refused (byte[] msg, string what, string expect = null)
	{
		try {
			ObjectDiagnostics.Deserialize (msg);
		} catch (SerializationException e) {
			if (expect != null)
				Assert.Contains (expect, e.Message, what);
			return;
		} catch (Exception e) {
			throw new AssertionException (what + ": expected SerializationException, got " + e.GetType () + ": " + e.Message);
		}
		throw new AssertionException (what + ": accepted");
	}

	// Either works or raises SerializationException; anything else fails the test.
	static bool Harmless (byte[] msg, string what)
	{
		try {
			ObjectDiagnostics.Deserialize (msg);
			return true;
		} catch (SerializationException) {
			return false;
		} catch (Exception e) {
			throw new AssertionException (what + ": " + e.GetType () + ": " + e.Message);
		}
	}

	static byte[] Copy (byte[] b) { return (byte[]) b.Clone (); }
	static uint U32 (byte[] b, int at) { return BitConverter.ToUInt32 (b, at); }
	static void Put (byte[] b, int at, uint v) { BitConverter.GetBytes (v).CopyTo (b, at); }
	static void Put64 (byte[] b, int at, ulong v) { BitConverter.GetBytes (v).CopyTo (b, at); }

	static int IndexOf (byte[] hay, string needle)
	{
		var n = Encoding.ASCII.GetBytes (needle);
		for (int i = 0; i + n.Length <= hay.Length; i++)
			if (hay.Skip (i).Take (n.Length).SequenceEqual (n))
				return i;
		throw new AssertionException ("'" + needle + "' not in the message");
	}

	static void CheckUsable ()
	{
		GC.Collect ();
		var v = (Victim) ObjectDiagnostics.Deserialize (Real ());
		Assert.True (v.Next.Next == v && v.Data[2] == 3 && (string) ((object[]) v.Next.Any)[0] == "x", "a real message still works");
	}

	public static void RealMessageRoundTrips ()
	{
		CheckUsable ();
	}

	public static void EveryTruncationIsRefused ()
	{
		var msg = Real ();
		for (int len = 0; len < msg.Length; len++)
			Refused (msg.Take (len).ToArray (), "truncated to " + len);
		var longer = msg.Concat (new byte[] { 0 }).ToArray ();
		Refused (longer, "one byte too many");
		CheckUsable ();
	}

	public static void EveryCorruptedByteIsRefusedOrHarmless ()
	{
		var msg = Real ();
		int accepted = 0;
		for (int i = 0; i < msg.Length; i++)
			foreach (int v in new[] { 0, 0xff, msg[i] ^ 1, msg[i] ^ 0x80, 0x7f }) {
				var m = Copy (msg);
				m[i] = (byte) v;
				if (m[i] != msg[i] && Harmless (m, "byte " + i + " = " + v))
					accepted++;
			}
		Console.Error.WriteLine ("# corrupted messages that were still valid: " + accepted);
		CheckUsable ();
	}

	public static void WrongCountsInTheHeaderAreRefused ()
	{
		var msg = Real ();
		var cases = new (string, Action<byte[]>)[] {
			("magic", m => m[0] ^= 0x20),
			("types + 1", m => Put (m, 4, U32 (m, 4) + 1)),
			("types - 1", m => Put (m, 4, U32 (m, 4) - 1)),
			("objects + 1", m => Put (m, 8, U32 (m, 8) + 1)),
			("objects - 1", m => Put (m, 8, U32 (m, 8) - 1)),
			("objects huge", m => Put (m, 8, 0xffffffff)),
			("root past the objects", m => Put (m, 12, U32 (m, 8) + 1)),
			("root null with objects", m => Put (m, 12, 0)),
			("flags", m => Put (m, 16, 1)),
			("data bytes + 1", m => Put64 (m, 24, BitConverter.ToUInt64 (m, 24) + 1)),
			("data bytes - 1", m => Put64 (m, 24, BitConverter.ToUInt64 (m, 24) - 1)),
			("data bytes huge", m => Put64 (m, 24, ulong.MaxValue)),
		};
		foreach (var c in cases) {
			var m = Copy (msg);
			c.Item2 (m);
			Refused (m, c.Item1);
		}
		CheckUsable ();
	}

	public static void OutOfRangeTypeIndicesAndReferencesAreRefused ()
	{
		// new Victim { A = 7 }: one record at 32: type, A, then the references S, Next, Data, Any.
		var msg = ObjectDiagnostics.Serialize (new Victim { A = 7 });
		Assert.Equal (1u, U32 (msg, 8), "one object");
		var m = Copy (msg);
		Put (m, 32, 1000);
		Refused (m, "type index", "type index");
		m = Copy (msg);
		Put (m, 40, 99);
		Refused (m, "reference past the objects", "reference out of range");
		m = Copy (msg);
		Put (m, 40, 1); // S (a string field) pointing to the Victim itself
		Refused (m, "reference of the wrong type", "wrong type");
		m = Copy (msg);
		Put (m, 48, 1); // Data (an int[] field) pointing to the Victim
		Refused (m, "reference of the wrong type", "wrong type");
		m = Copy (msg);
		Put (m, 44, 1); // Next (a Victim field) pointing to itself: legal
		var v = (Victim) ObjectDiagnostics.Deserialize (m);
		Assert.True (v.Next == v && v.A == 7, "a legal self reference");
		CheckUsable ();
	}

	public static void AbsurdLengthsAreRefusedWithoutAllocating ()
	{
		long before = GC.GetTotalMemory (true);
		var arr = ObjectDiagnostics.Serialize (new int[3]);
		var m = Copy (arr);
		Put (m, 36, 0x7fffffff);
		Refused (m, "array length", "truncated");
		m = Copy (arr);
		Put (m, 36, 0xffffffff);
		Refused (m, "negative array length");
		var str = ObjectDiagnostics.Serialize ("abc");
		m = Copy (str);
		Put (m, 36, 0x7fffffff);
		Refused (m, "string length", "string length");
		var md = ObjectDiagnostics.Serialize (new int[2, 2]);
		m = Copy (md);
		Put (m, 36, 0x10000);
		Put (m, 44, 0x10000);
		Refused (m, "multidimensional lengths");
		m = Copy (md);
		Put (m, 40, 0x7fffffff); // lower bound + length overflows
		Refused (m, "lower bound");
		// Elements that take no bytes on the wire (a struct whose only field is not followed): the length is
		// bounded by the allocation limit instead.
		var hollow = ObjectDiagnostics.Serialize (new Hollow[4]);
		Assert.Equal (4u, U32 (hollow, 36), "hollow length");
		m = Copy (hollow);
		Put (m, 36, 0x7fffffff);
		Refused (m, "zero-width elements", "allocate more than");
		Assert.True (GC.GetTotalMemory (true) - before < 64 << 20, "nothing large was allocated");
		CheckUsable ();
	}

	public static void TypesTheReceiverLacksOrCannotCreateAreRefused ()
	{
		var a = ObjectDiagnostics.Serialize (new LayoutA { X = 1, Y = 2 });
		var m = Copy (a);
		m[IndexOf (m, "LayoutA") + 6] = (byte) 'Z';
		Refused (m, "unknown type", "not known");
		m = Copy (a);
		m[IndexOf (m, "LayoutA") + 6] = (byte) 'B';
		Refused (m, "different layout", "different field layout");
		m = Copy (a);
		int at = IndexOf (m, "LayoutA");
		m[at + 7 + Encoding.ASCII.GetByteCount (", HostileInputTests") - 2] ^= 1;
		Refused (m, "bad name after the class");
		m = Copy (a);
		m[m.Length - 1] ^= 0x55; // the fingerprint
		Refused (m, "fingerprint", "different field layout");
		// An array of a class whose name, on the receiver, is a struct's with the same fields.
		foreach (object kinds in new object[] { new[] { new KindC { X = 100 }, null }, new[] { new KindS { X = 100 } } }) {
			m = Copy (ObjectDiagnostics.Serialize (kinds));
			at = IndexOf (m, kinds is KindC[] ? "KindC" : "KindS");
			m[at + 4] = (byte) (kinds is KindC[] ? 'S' : 'C');
			Refused (m, "a class received as a struct, or the reverse", "different field layout");
		}
		// A name beyond ASCII is read (UTF-8), but not bytes that are not UTF-8.
		var naive = ObjectDiagnostics.Serialize (new Naïve { X = 3 });
		Assert.Equal (3, ((Naïve) ObjectDiagnostics.Deserialize (naive)).X, "a UTF-8 name");
		m = Copy (naive);
		int atNaive = IndexOf (m, "Na");
		Assert.Equal ((byte) 0xC3, m[atNaive + 2], "the first byte of the UTF-8 i with diaeresis");
		m[atNaive + 3] = (byte) '(';
		Refused (m, "a name that is not UTF-8", "not UTF-8");
		m = Copy (a);
		m[at] = 7; // a control character in the name
		Refused (m, "control character", "malformed type name");
		// An abstract class may name an array's element type, but no object of it can be made.
		var abs = ObjectDiagnostics.Serialize (new AbstractThing[1]);
		m = Copy (abs);
		Put (m, 32, 0); // the record's type: AbstractThing instead of AbstractThing[]
		Refused (m, "abstract", "abstract");
		foreach (var name in new[] { "System.Void, mscorlib", "System.Action, mscorlib", "System.IntPtr, mscorlib",
		                             "System.Collections.Generic.List`1, mscorlib", "System.Int32[], mscorlib",
		                             "System.Threading.Thread, mscorlib", "System.String, mscorlib", "No.Such, NoSuchAssembly" })
			Refused (OneObject (name), name);
		CheckUsable ();
	}

	// `msg` with the type name `from` in its type table replaced by `to` (and the name's u16 length before it).
	static byte[] Rename (byte[] msg, string from, string to)
	{
		int at = IndexOf (msg, from);
		Assert.Equal ((ushort) from.Length, BitConverter.ToUInt16 (msg, at - 2), "the name's length field");
		var t = Encoding.ASCII.GetBytes (to);
		return msg.Take (at - 2).Concat (BitConverter.GetBytes ((ushort) t.Length)).Concat (t)
			.Concat (msg.Skip (at + from.Length)).ToArray ();
	}

	const string GCHandleName = "System.Runtime.InteropServices.GCHandle, mscorlib";

	// Forged messages naming process-local handle types, each with a real layout and data.
	static KeyValuePair<string, byte[]>[] ForgedHandleMessages ()
	{
		var forged = new List<KeyValuePair<string, byte[]>> {
			new KeyValuePair<string, byte[]> ("boxed GCHandle", Rename (ObjectDiagnostics.Serialize (new GCHandleTwin { handle = 7 }),
				"GCHandleTwin, HostileInputTests", GCHandleName)),
			new KeyValuePair<string, byte[]> ("GCHandle[]", Rename (ObjectDiagnostics.Serialize (new[] { new GCHandleTwin { handle = 3 } }),
				"GCHandleTwin, HostileInputTests", GCHandleName)),
			new KeyValuePair<string, byte[]> ("a GCHandle field", Rename (ObjectDiagnostics.Serialize (new HandleHolderTwin { X = 1, H = { handle = 9 } }),
				"HandleHolderTwin, HostileInputTests", "HandleHolder, HostileInputTests")),
			new KeyValuePair<string, byte[]> ("WeakReference", Rename (ObjectDiagnostics.Serialize (new WeakReferenceTwin { gcHandle = { handle = 5 } }),
				"WeakReferenceTwin, HostileInputTests", "System.WeakReference, mscorlib")),
		};
		foreach (var name in new[] { "System.Runtime.InteropServices.HandleRef", "System.RuntimeTypeHandle", "System.RuntimeMethodHandle",
		                             "System.RuntimeFieldHandle", "System.ModuleHandle", "System.ArgIterator", "System.RuntimeArgumentHandle",
		                             "System.TypedReference", "System.Threading.Thread", "Microsoft.Win32.SafeHandles.SafeFileHandle",
		                             "Microsoft.Win32.SafeHandles.SafeWaitHandle", "System.Threading.ManualResetEvent" })
			forged.Add (new KeyValuePair<string, byte[]> (name, OneObject (name + ", mscorlib")));
		return forged.ToArray ();
	}

	public static void ForgedMessagesNamingProcessLocalHandlesAreRefused ()
	{
		// The twins travel, so the forged messages differ from valid ones only in the name they give.
		var twin = (HandleHolderTwin) ObjectDiagnostics.Deserialize (ObjectDiagnostics.Serialize (new HandleHolderTwin { X = 1, H = { handle = 9 } }));
		Assert.True (twin.X == 1 && twin.H.handle == 9, "the twin itself arrives");
		foreach (var kv in ForgedHandleMessages ()) {
			Refused (kv.Value, kv.Key, "process-local handle");
			CheckUsable ();
		}
		// An array type entry whose element names a handle, after a valid element type.
		var arr = ObjectDiagnostics.Serialize (new object[] { 1, new GCHandleTwin[2] });
		Refused (Rename (arr, "GCHandleTwin, HostileInputTests", GCHandleName), "GCHandle[] inside object[]", "process-local handle");
		CheckUsable ();
	}

	public static void ForgedHandleMessagesFromAnotherRankAreRefusedAndBothRanksStayUsable ()
	{
		int next = (Rank + 1) % Size, prev = (Rank + Size - 1) % Size;
		var forged = ForgedHandleMessages ();
		for (int k = 0; k < forged.Length; k++) {
			var send = World.Isend (forged[k].Value, next, 50);
			var e = Assert.Throws<SerializationException> (() => World.ORecv (prev, 50, null), forged[k].Key);
			Assert.Contains ("process-local handle", e.Message, forged[k].Key);
			send.Wait ();
			var ok = World.OIsend (new Victim { A = Rank * 100 + k }, next, 51);
			Assert.Equal (prev * 100 + k, ((Victim) World.ORecv (prev, 51, null)).A, forged[k].Key + ": a correct message goes through afterwards");
			ok.Wait ();
		}
	}

	// Inputs the fuzzer (tests/fuzz, doc/testing.md) found, also in tests/fuzz/corpus as regress-*.
	// regress-backslash-name-1/-2: a class name ending in an odd run of backslashes.  Mono's type-name parser took
	// the last one as an escape of the terminating NUL and read past the end of the name (AddressSanitizer:
	// heap-buffer-overflow in strchr); received names may not contain a backslash.
	static readonly string[] FuzzFindings = {
		"TVRSMQIAAAADAAAAAQAAAAAAAAAAAAAAQAAAAAAAAAAAAAAACQAAAAAAAAACAAAAAWMAAQMAAAABAAAABAAAAGIAYQBzAGUAAAAAAAAAAAAAAAAAAAAAAAAAAAABAAAAARIARFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcZXJpdmVkLCBGdXp6VHlwZXNuZjwRkhCPzgI=",
		"TVRSMQQAAAADAAAAAQAAAAAAAAAAAAAAMAAAAAAAAAABAAD5/AAAAAIAQAACAAAAAwAAAAMAAAACAAAAAQAAAAIAAAABAAAAAQAAAAIAJwABFwBTeXNcXFxcXFxcXFxcXFxcXDBcXFxcXAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcdGVtLk9iamVjdCwgbXNjb3JsI3/RAwIAAAABAQ==",
	};

	public static void InputsTheFuzzerFoundAreRefused ()
	{
		int next = (Rank + 1) % Size, prev = (Rank + Size - 1) % Size;
		for (int k = 0; k < FuzzFindings.Length; k++) {
			var m = Convert.FromBase64String (FuzzFindings[k]);
			Refused (m, "fuzz finding " + k, "malformed type name");
			CheckUsable ();
			var send = World.Isend (m, next, 52);
			var e = Assert.Throws<SerializationException> (() => World.ORecv (prev, 52, null), "fuzz finding " + k + " through ORecv");
			Assert.Contains ("malformed type name", e.Message, "fuzz finding " + k + " through ORecv");
			send.Wait ();
			var ok = World.OIsend (new Victim { A = Rank + k }, next, 53);
			Assert.Equal (prev + k, ((Victim) World.ORecv (prev, 53, null)).A, "a correct message goes through afterwards");
			ok.Wait ();
		}
		// Backslashes anywhere in a name are refused, whether or not they would end the name.
		foreach (var name in new[] { "Victim\\, HostileInputTests", "Vic\tim, HostileInputTests", "Victim, HostileInputTests\\" })
			Refused (OneObject (name), name, "malformed type name");
	}

	// A message with one type (a class called `name`, fingerprint 0) and one object of it with no data.
	static byte[] OneObject (string name)
	{
		var n = Encoding.ASCII.GetBytes (name);
		var m = new byte[32 + 4 + 1 + 2 + n.Length + 8];
		Put (m, 0, 0x3152544d);
		Put (m, 4, 1);
		Put (m, 8, 1);
		Put (m, 12, 1);
		Put64 (m, 24, 4);
		m[36] = 1;
		BitConverter.GetBytes ((ushort) n.Length).CopyTo (m, 37);
		n.CopyTo (m, 39);
		return m;
	}

	public static void MessagesFromAnotherRankAreCheckedToo ()
	{
		int next = (Rank + 1) % Size, prev = (Rank + Size - 1) % Size;
		var bad = Real ();
		bad[bad.Length - 3] ^= 0x40; // the fingerprint of the last type
		var trunc = Real ().Take (50).ToArray ();
		// Non-blocking sends, so that this works with one rank (sending to itself) too.
		var sends = new[] { World.Isend (bad, next, 40), World.Isend (trunc, next, 41), World.Isend (new byte[0], next, 42) };
		var st = new Status ();
		Assert.Throws<SerializationException> (() => World.ORecv (prev, 40, st), "corrupted");
		Assert.Equal (prev, st.Get_source (), "status of the refused message");
		Assert.Throws<SerializationException> (() => World.ORecv (prev, 41, null), "truncated");
		var req = World.OIrecv (prev, 42);
		Assert.Throws<SerializationException> (() => req.Wait (), "empty, through OIrecv");
		Request.Waitall (sends);
		var s4 = World.OIsend (new Victim { A = Rank }, next, 43);
		Assert.Equal (prev, ((Victim) World.ORecv (prev, 43, null)).A, "the rank is usable afterwards");
		s4.Wait ();
	}

	public static void RandomMutationsNeverCrash ()
	{
		var rng = new Random (12345 + Rank);
		var seeds = new[] {
			Real (),
			ObjectDiagnostics.Serialize (new object[] { new int[2, 3], "s", new double[][] { new[] { 1.0 } }, new Hollow[2], 'c', 5L }),
			ObjectDiagnostics.Serialize (new HollowHolder { H = new Hollow[3] }),
			ObjectDiagnostics.Serialize (Enumerable.Range (0, 20).Select (i => new Victim { A = i, S = i.ToString () }).ToArray ()),
		};
		int accepted = 0, runs = 20000;
		for (int k = 0; k < runs; k++) {
			var m = Copy (seeds[rng.Next (seeds.Length)]);
			int edits = 1 + rng.Next (4);
			for (int e = 0; e < edits; e++) {
				int i = rng.Next (m.Length);
				switch (rng.Next (4)) {
				case 0: m[i] = (byte) rng.Next (256); break;
				case 1: m[i] ^= (byte) (1 << rng.Next (8)); break;
				case 2: if (i + 4 <= m.Length) Put (m, i - i % 4, (uint) rng.Next ()); break;
				default: m = m.Take (i).ToArray (); break;
				}
				if (m.Length == 0)
					break;
			}
			if (Harmless (m, "mutation " + k))
				accepted++;
		}
		Console.Error.WriteLine ("# random mutations still valid: " + accepted + " of " + runs);
		CheckUsable ();
	}
}
