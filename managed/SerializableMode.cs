// Serializable mode: the O-operations with MPI.NET's [Serializable] semantics, for MPI.dll.
//
// System.MP's O-operations follow only [Transportable] reference fields.  MPI.NET serialises with
// BinaryFormatter, which follows every field not marked [NonSerialized].  The serializer has both modes
// (serializer/motor-ser.h); the mode is per thread and applies to what the thread writes, and each message
// carries its mode, so the receiving side needs no switch.  MPI.dll wraps each operation that moves an object
// (the blocking and non-blocking sends, and the object collectives' calls on every rank) in
//
//	using (SerializableScope.Enter ())
//		comm.OSend (value, dest, tag);
//
// SerializableScope is a struct: entering and leaving allocate nothing, and the previous mode comes back even
// when the operation throws.  None of this is public: System.MP's own API never changes mode.
namespace System.MP
{
	/// <summary>The serializer's modes (serializer/motor-ser.h).</summary>
	internal static class SerializerMode
	{
		internal const int Transportable = 0;
		internal const int Serializable = 1;
	}

	/// <summary>While it lasts, the O-operations this thread runs follow every reference field not marked
	/// [NonSerialized].</summary>
	internal struct SerializableScope : IDisposable
	{
		readonly int previous;

		SerializableScope (int previous)
		{
			this.previous = previous;
		}

		/// <summary>Switches this thread to serializable mode until Dispose.</summary>
		internal static SerializableScope Enter ()
		{
			return new SerializableScope (MPDirect.OSetMode (SerializerMode.Serializable));
		}

		/// <summary>Restores the mode the thread had before Enter.</summary>
		public void Dispose ()
		{
			MPDirect.OSetMode (previous);
		}
	}

	/// <summary>What MPI.dll asks of System.MP beyond its public API.</summary>
	internal static class MpiNetSupport
	{
		/// <summary>Whether <paramref name="e"/> reports a message longer than its receive buffer
		/// (MPI_ERR_TRUNCATE), which MPI.NET raises as MessageTruncatedException.</summary>
		internal static bool IsTruncation (MPIException e)
		{
			return e.ErrorClass == MPDirect.ErrTruncateClass ();
		}
	}
}
