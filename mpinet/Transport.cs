// How MPI.dll moves a T: which path a type takes, the per-thread one-element buffers of the scalar path, and
// the translation of System.MP's exceptions into MPI.NET's.
//
// MPI.NET sends a type with an MPI datatype (primitives and structs of them) as raw data and serialises every
// other type with BinaryFormatter.  Here the first kind ("direct") goes through System.MP's buffer operations,
// which resolve arrays of primitives and of structs without references in place (no copy, no pin while
// blocking).  A single direct value travels in a one-element array kept per thread and per type, so
// Send<int>(42, ...) and Receive(..., out int) allocate nothing after the thread's first use of the type.
// Every other type travels through Motor's serializer in serializable mode (every field not [NonSerialized]),
// via System.MP's O-operations inside a SerializableScope.
using System;
using System.MP;
using System.Reflection;

namespace MPI
{
	/// <summary>Per-type facts and buffers.</summary>
	internal static class Wire<T>
	{
		/// <summary>T travels as raw data: a primitive, an enum, or a struct without reference fields.</summary>
		internal static readonly bool Direct = Wire.IsDirect (typeof (T));

		[ThreadStatic] static T[] a;
		[ThreadStatic] static T[] b;

		/// <summary>This thread's first one-element buffer for T.</summary>
		internal static T[] A {
			get {
				T[] x = a;
				if (x == null)
					a = x = new T[1];
				return x;
			}
		}

		/// <summary>This thread's second one-element buffer for T (the receive side of SendReceive).</summary>
		internal static T[] B {
			get {
				T[] x = b;
				if (x == null)
					b = x = new T[1];
				return x;
			}
		}
	}

	internal static class Wire
	{
		internal static bool IsDirect (Type t)
		{
			if (!t.IsValueType || t == typeof (IntPtr) || t == typeof (UIntPtr) || t.IsPointer || SerialisedByMpiNet (t, 0))
				return false;
			// System.MP's own rule: a primitive type or a struct without references (MPDirect.ElementSize).
			return System.MP.MPDirect.ElementSize (t) > 0;
		}

		/// <summary>Whether MPI.NET serialises values of <paramref name="t"/> although they hold no references:
		/// bool, for which it has no MPI datatype, and the structs that hold one in a field it sends (Nullable&lt;T&gt;
		/// among them).  They travel serialised here too, so that they keep MPI.NET's semantics: an array passed by
		/// ref is replaced by the one received, whatever its length, and Status.Count (type) is null.</summary>
		internal static bool SerialisedByMpiNet (Type t, int depth)
		{
			if (t == typeof (bool))
				return true;
			if (depth > 32 || !t.IsValueType || t.IsPrimitive || t.IsEnum || t.IsPointer)
				return false;
			foreach (var f in t.GetFields (BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
				if (!f.IsNotSerialized && SerialisedByMpiNet (f.FieldType, depth + 1))
					return true;
			return false;
		}

		/// <summary>MPI.NET's exception for an error System.MP raised: MessageTruncatedException for
		/// MPI_ERR_TRUNCATE, the exception itself otherwise.</summary>
		internal static Exception Translate (MPIException e)
		{
			if (MpiNetSupport.IsTruncation (e))
				return new MessageTruncatedException (e.Message, e);
			return e;
		}

		/// <summary>The received object as a T, or a clear exception when the sender sent another type.</summary>
		internal static T As<T> (object o, string op)
		{
			if (o == null) {
				if (default (T) == null)
					return default (T);
				throw new System.Runtime.Serialization.SerializationException (op + ": received null, but " +
					typeof (T).FullName + " is a value type: the sender sent a null reference");
			}
			if (o is T)
				return (T) o;
			throw new InvalidCastException (op + ": received a " + o.GetType ().FullName + ", not a " + typeof (T).FullName +
				": the sender's type argument differs from the receiver's");
		}
	}
}
